/**
 * One read for every caller that asks the same question within one turn of the event loop.
 *
 * Under load, dozens of list requests reach their per-request lookups (the change stamp, the
 * customer's price lists) in the same turn. The first caller schedules the read for the end of
 * the turn (`setImmediate`); the others with the same key get the same answer. The read starts
 * after every one of them asked, so each sees everything committed before its own call: nothing
 * is older than a read of its own would have been.
 *
 * The answer is shared: callers must not change it.
 */
export class SameTurnReads<T> {
  private readonly waiting = new Map<string, Promise<T>>();

  read(key: string, run: () => Promise<T>): Promise<T> {
    let answer = this.waiting.get(key);
    if (answer === undefined) {
      answer = new Promise<T>((resolve, reject) =>
        setImmediate(() => {
          this.waiting.delete(key);
          run().then(resolve, reject);
        }),
      );
      this.waiting.set(key, answer);
    }
    return answer;
  }
}
