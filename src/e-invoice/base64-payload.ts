const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;
const dataUrlPrefix = /^data:[\w.+/-]*;base64,/i;

/**
 * Decodes a Base64 field strictly: Node's decoder silently skips invalid characters, which would
 * turn a garbled upload into a "damaged PDF" instead of naming the real problem. Line breaks and a
 * data-URL prefix are tolerated because mail and browser clients add them.
 */
export function decodeBase64Payload(field: string, value: string): Buffer {
  const compact = value.replace(dataUrlPrefix, '').replace(/\s+/g, '');
  if (compact.length === 0) throw new Error(`${field} is empty`);
  if (!base64Alphabet.test(compact) || compact.length % 4 === 1) {
    throw new Error(`${field} is not valid Base64`);
  }
  return Buffer.from(compact, 'base64');
}
