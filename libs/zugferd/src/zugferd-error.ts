/** A refused or failed e-invoice operation: the reason is a sentence a client can show its user. */
export class ZugferdError extends Error {
  constructor(
    readonly reason: string,
    readonly steps: string[],
  ) {
    super(reason);
    this.name = 'ZugferdError';
  }
}
