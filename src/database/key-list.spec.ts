import { KeyList, KeyListBuilder } from './key-list';

describe('KeyList', () => {
  it('keeps every key in order, however many, multi-byte ones and empty ones included', () => {
    const keys = Array.from({ length: 150_000 }, (_, i) => (i % 1000 === 0 ? '' : `Größe-${i}-€`));
    const builder = new KeyListBuilder();
    for (const key of keys) builder.add(key);
    const list = builder.list();
    expect(list.length).toBe(keys.length);
    expect(list.slice(0)).toEqual(keys);
    expect(list.slice(149_998, 150_010)).toEqual(keys.slice(149_998));
    expect(list.slice(-5, 3)).toEqual(keys.slice(0, 3));
  });

  it('sends only the used part of its blocks', () => {
    const { bytes, ends } = new KeyListBuilder().parts();
    expect([bytes.byteLength, ends.length]).toEqual([0, 0]);
    const builder = new KeyListBuilder();
    builder.add('1000');
    builder.add('ä');
    const parts = builder.parts();
    expect(parts.bytes.buffer.byteLength).toBe(6);
    expect(Array.from(parts.ends)).toEqual([4, 6]);
    expect(KeyList.of(['1000', 'ä']).slice(0)).toEqual(['1000', 'ä']);
  });
});
