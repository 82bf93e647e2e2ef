/** What readiness needs to know of the database: whether it answers, and whether its schema is current. */
export abstract class SchemaState {
  /** 'current' or 'pending' (migrations of this version not applied); rejects when the database does not answer. */
  abstract migrations(): Promise<'current' | 'pending'>;
}
