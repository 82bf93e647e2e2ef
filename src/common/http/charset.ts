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

/** Decodes a request body by its declared charset, without a BOM; null for a charset not accepted. */
export function decodeBody(body: Buffer, charset: string): string | null {
  const codec = DECODERS.get(charset);
  return codec ? iconv.decode(body, codec) : null;
}
