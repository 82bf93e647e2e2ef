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
