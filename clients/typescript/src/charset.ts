/** windows-1252's bytes 0x80-0x9F (the rest is ISO-8859-1); undefined bytes keep their C1 code point. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

/** The charset parameter of a Content-Type, lower case; null when it names none. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
}

/**
 * Decodes bytes by their charset. ISO-8859-1 byte for code point (a WHATWG TextDecoder would read
 * it as windows-1252), windows-1252 by its table (Node 20's decoder maps 0x80 to U+0080), anything
 * else by TextDecoder, which refuses what it does not know.
 */
export function decodeText(bytes: Uint8Array, charset: string): string {
  const latin1 = ['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'iso_8859-1'].includes(charset);
  if (latin1 || charset === 'windows-1252' || charset === 'cp1252') {
    let text = '';
    for (let start = 0; start < bytes.length; start += 8192) {
      const chunk = bytes.subarray(start, start + 8192);
      const codes = latin1
        ? chunk
        : Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH[b - 0x80] : b));
      text += String.fromCharCode(...codes);
    }
    return text;
  }
  return new TextDecoder(charset, { fatal: true }).decode(bytes);
}

/**
 * The same answer with a body in UTF-8: a text answer in another charset (the service writes
 * `application/json; charset=iso-8859-1`) is decoded by that charset, so that the JSON parser of
 * fetch, which always reads UTF-8, gets the characters the service meant.
 */
export async function toUtf8(response: Response): Promise<Response> {
  const type = response.headers.get('content-type');
  const charset = charsetOf(type);
  if (charset === null || charset === 'utf-8' || charset === 'utf8' || response.body === null)
    return response;
  const text = decodeText(new Uint8Array(await response.arrayBuffer()), charset);
  const headers = new Headers(response.headers);
  headers.set('content-type', type!.replace(/;\s*charset\s*=\s*"?[^";\s]+"?/i, '; charset=utf-8'));
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}
