import { inListBucket } from './in-lists';

describe('inListBucket', () => {
  it('pads to the next size class by repeating the last value, keeping the values and their order', () => {
    expect(inListBucket([])).toEqual([]);
    expect(inListBucket(['a'])).toEqual(['a']);
    expect(inListBucket(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'c']);
    expect(inListBucket([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
    const sizes = [1, 2, 3, 4, 5, 9, 100, 512, 513, 999, 1000].map((n) =>
      inListBucket(Array.from({ length: n }, (_, i) => i)),
    );
    expect(sizes.map((s) => s.length)).toEqual([1, 2, 4, 4, 8, 16, 128, 512, 1000, 1000, 1000]);
    expect(inListBucket(Array.from({ length: 1001 }, (_, i) => i))).toHaveLength(1001);
  });
});
