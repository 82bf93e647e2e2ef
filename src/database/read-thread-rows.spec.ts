import { rowsMessage, rowsOf } from './read-thread-rows';

describe('rows from the read threads', () => {
  it('sends text, numbers and nulls as one JSON text and gets the same rows back', () => {
    const rows = [
      [
        ['1000', 'Ölkanne "groß"', 18.5, null, 0, -3, '\u2028\ud83d\ude00'],
        ['1001', '', 2e21, null, 1e-7, 123456789012, 'x\\y\n'],
      ],
      [],
      [['A', 1]],
    ];
    const message = rowsMessage(rows);
    expect(typeof message).toBe('string');
    expect(rowsOf(message)).toEqual(rows);
  });

  it.each([
    ['a blob', Buffer.from([0, 1, 2])],
    ['an infinite number', Infinity],
    ['NaN', NaN],
    ['minus zero', -0],
    ['a big integer', 2n ** 64n],
    ['undefined', undefined],
  ])('sends rows holding %s as they are', (_, value) => {
    const rows = [[['1000', value]]];
    const message = rowsMessage(rows);
    expect(message).toBe(rows);
    expect(rowsOf(message)).toBe(rows);
  });
});
