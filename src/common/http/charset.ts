import iconv from 'iconv-lite';

// A Map: a client-written charset such as "constructor" must find nothing.
const DECODERS = new Map<string, string>([
  ['utf-8', 'utf8'],
  ['utf8', 'utf8'],
  ['iso-8859-1', 'latin1'],
  ['iso8859-1', 'latin1'],
  ['latin1', 'latin1'],
  ['iso-8859-15', 'iso885915'],
  ['windows-1252', 'win1252'],
  ['cp1252', 'win1252'],
]);

/** The charset parameter of a Content-Type header, lower-cased; utf-8 when absent. */
export function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : 'utf-8';
}

/** Decodes a request body by its declared charset; null for a charset we do not accept. */
export function decodeBody(body: Buffer, charset: string): string | null {
  const codec = DECODERS.get(charset);
  if (!codec) return null;
  if (codec === 'utf8') {
    const text = body.toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
  return iconv.decode(body, codec);
}
