// JSON text to response bytes, kept apart from the request-body decoders (charset.ts) so that the
// article list's streams encode without loading iconv-lite.

/** The charsets JSON responses are sent in (RESPONSE_CHARSET). */
export type ResponseCharset = 'iso-8859-1' | 'utf-8';

/** Serialised JSON as ISO-8859-1 bytes: UTF-16 units above U+00FF (surrogate halves too) as \uXXXX. */
export function encodeLatin1Json(json: string): Buffer {
  const text = json.replace(/[\u0100-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  return Buffer.from(text, 'latin1');
}

/** The Content-Type of every JSON answer: the response charset named. */
export function jsonContentType(charset: ResponseCharset): string {
  return `application/json; charset=${charset}`;
}

/** Serialised JSON as the bytes of the response charset. */
export function encodeJson(json: string, charset: ResponseCharset): Buffer {
  return charset === 'utf-8' ? Buffer.from(json, 'utf8') : encodeLatin1Json(json);
}

/**
 * Encoded JSON texts joined by commas, after `head` and before `tail`, in a buffer of its own
 * (which can be handed to another thread) of the exact size: joining texts first would build,
 * and encoding would copy, one more large block per call, and fresh large blocks are what costs
 * most here (every page of them is a fault).
 */
export function joinEncodedJson(
  parts: readonly Uint8Array[],
  head: Uint8Array = EMPTY,
  tail: Uint8Array = EMPTY,
): Buffer {
  let size = head.byteLength + tail.byteLength + Math.max(0, parts.length - 1);
  for (const part of parts) size += part.byteLength;
  // Every byte is written below (checked), so the memory need not be zeroed first.
  const bytes = Buffer.allocUnsafeSlow(size);
  bytes.set(head, 0);
  let at = head.byteLength;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) bytes[at++] = 0x2c;
    bytes.set(parts[i], at);
    at += parts[i].byteLength;
  }
  bytes.set(tail, at);
  at += tail.byteLength;
  if (at !== size) throw new Error(`joined ${at} of ${size} bytes`);
  return bytes;
}

const EMPTY = new Uint8Array(0);
