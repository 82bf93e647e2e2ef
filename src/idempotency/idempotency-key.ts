/** An Idempotency-Key: 1 to 255 visible ASCII characters, the same rule for the check and the document. */
export const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: IDEMPOTENCY_KEY_FORMAT.source,
} as const;
