/**
 * How the SQLite read threads send rows to the event loop: as one JSON text where that carries
 * them unchanged (text, finite numbers and nulls, which is what the article list reads), else as
 * they are (structured clone). Parsing one JSON text costs both the event loop and the read
 * threads less than a cloned array of arrays of the same rows.
 */
export type RowsMessage = string | unknown[][][];

/** Whether JSON gives back exactly this value (-0, infinities, NaN, blobs and big integers do not). */
function jsonSafe(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
  );
}

/** The rows of a read thread's statements as the message that carries them. */
export function rowsMessage(results: unknown[][][]): RowsMessage {
  for (const rows of results)
    for (const row of rows) for (const value of row) if (!jsonSafe(value)) return results;
  return JSON.stringify(results);
}

/** The rows a message carries. */
export function rowsOf(message: RowsMessage): unknown[][][] {
  return typeof message === 'string' ? (JSON.parse(message) as unknown[][][]) : message;
}
