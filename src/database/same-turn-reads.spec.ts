import { SameTurnReads } from './same-turn-reads';

describe('SameTurnReads', () => {
  it('reads once for the callers of one turn and key, again in the next turn', async () => {
    const reads = new SameTurnReads<number>();
    let runs = 0;
    const run = () => Promise.resolve(++runs);
    const sameTurn = await Promise.all([reads.read('a', run), reads.read('a', run), reads.read('b', run)]);
    expect(sameTurn).toEqual([1, 1, 2]);
    expect(await reads.read('a', run)).toBe(3);
  });

  it('reads after the callers asked: a change made in the same turn is seen', async () => {
    const reads = new SameTurnReads<string>();
    let value = 'old';
    const answer = reads.read('k', () => Promise.resolve(value));
    value = 'new';
    expect(await answer).toBe('new');
  });

  it('hands a failure to every caller of that read, and reads again afterwards', async () => {
    const reads = new SameTurnReads<number>();
    const failing = () => Promise.reject(new Error('down'));
    await expect(Promise.all([reads.read('k', failing), reads.read('k', failing)])).rejects.toThrow('down');
    expect(await reads.read('k', () => Promise.resolve(7))).toBe(7);
  });
});
