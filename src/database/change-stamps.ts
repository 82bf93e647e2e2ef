import { Comparison, inRange } from './batch-writer';

/**
 * A change stamp (GeaendertAm) as a conditional update expects it: the millisecond the service read,
 * widened by one on each side, since PostgreSQL and SQL Server keep finer stamps that the drivers
 * cut (or round) to milliseconds.
 */
export function stampAsRead(read: Date): Comparison {
  return inRange(new Date(read.getTime() - 1), new Date(read.getTime() + 1));
}

/**
 * The stamp a write sets: now, but always past what `stampAsRead` of the previous stamp accepts,
 * so that a second write conditional on the same read fails even within the same millisecond.
 */
export function nextChangeStamp(previous?: Date): Date {
  const now = Date.now();
  return new Date(previous === undefined ? now : Math.max(now, previous.getTime() + 1));
}
