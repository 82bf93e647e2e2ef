/**
 * The lazy reader met something it does not handle (or a file that breaks the rules it relies on).
 * Extract then parses the whole file with pdf-lib, which also words every refusal.
 */
export class NotReadableLazily extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotReadableLazily';
  }
}
