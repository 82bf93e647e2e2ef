/**
 * The values of an `IN (…)` list, padded by repeating the last one to 1, 2, 4, … 512 or 1000
 * values, so that lists of similar length give the same statement text (one prepared statement
 * per size class, not per length). IN ignores the repeats. Longer lists come back as they are.
 */
export function inListBucket<T>(values: T[]): T[] {
  const n = values.length;
  if (n === 0 || n > 1000) return values;
  let size = 1;
  while (size < n && size < 512) size *= 2;
  if (size < n) size = 1000;
  return size === n ? values : [...values, ...new Array<T>(size - n).fill(values[n - 1])];
}

/**
 * The most keys one statement of the list's reads looks up by `IN (…)`; longer lists are read in
 * several statements (in one round of the reader), because without planner statistics PostgreSQL
 * turned longer lists into a filter on a scan instead of index lookups. Also well inside SQL
 * Server's 2,100 parameters when a statement names its keys four times.
 */
export const MAX_KEYS_PER_STATEMENT = 128;

/** The values in pieces of at most `size`, in order. */
export function inPieces<T>(values: T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < values.length; i += size) pieces.push(values.slice(i, i + size));
  return pieces;
}
