import { encodeJson, ResponseCharset } from './json-bytes';
import { JsonWriter } from './json-writer';

const CHARSETS: ResponseCharset[] = ['utf-8', 'iso-8859-1'];

function written(value: unknown, charset: ResponseCharset, expectedBytes?: number): Buffer {
  const writer = new JsonWriter(charset, expectedBytes);
  writer.value(value);
  return writer.bytes();
}

/** Every UTF-16 unit, lone surrogate halves included, then every kind of pair. */
function everyUnit(): string {
  let s = '';
  for (let c = 0; c <= 0xffff; c++) s += String.fromCharCode(c);
  return s + '\ud83d\ude00 a\ud800\udc00b\udbff\udfff\udc00\ud800';
}

describe('JsonWriter', () => {
  it.each(CHARSETS)('writes every UTF-16 unit as JSON.stringify and encodeJson do (%s)', (charset) => {
    const text = everyUnit();
    expect(written(text, charset).equals(encodeJson(JSON.stringify(text), charset))).toBe(true);
    expect(
      written({ [text]: text }, charset).equals(encodeJson(JSON.stringify({ [text]: text }), charset)),
    ).toBe(true);
  });

  it.each(CHARSETS)('writes an article record byte for byte as JSON.stringify does (%s)', (charset) => {
    const record = {
      ArtNr: 'A-100"\\',
      ArtBez: 'Größe 10 € — “Zoll”\n\ttab',
      ArtikelStatus: 1,
      Einheit: null,
      WUSTSatz: 19.5,
      Leer: undefined,
      attributes: [{ Contents: null, PHKey: 'FARBE' }],
      Preis: [
        {
          AbAnzahl: 1,
          BisAnzahl: 9.999,
          PreisList: -0,
          Preisart: 'N',
          GeaendertAmUTC: '2026-01-08T08:00:00Z',
        },
      ],
      Bestand: [],
      flags: [true, false, undefined, null, NaN, Infinity, 1e21, 5e-7],
      leer: {},
      '12': 'integer keys come first',
    };
    expect(written(record, charset).toString('latin1')).toBe(
      encodeJson(JSON.stringify(record), charset).toString('latin1'),
    );
  });

  it('grows its buffer and keeps what was written', () => {
    const values = Array.from({ length: 200 }, (_, i) => ({ i, text: 'Ä'.repeat(i) }));
    expect(written(values, 'utf-8', 1).toString('utf8')).toBe(JSON.stringify(values));
  });

  it('appends values one after the other, and its length says where each ends', () => {
    const writer = new JsonWriter('iso-8859-1');
    writer.value({ a: 'ü' });
    const end = writer.length;
    writer.value([1]);
    expect(end).toBe(9);
    expect(writer.bytes().toString('latin1')).toBe('{"a":"ü"}[1]');
  });

  it('writes piece by piece with the commas JSON.stringify puts in', () => {
    const writer = new JsonWriter('utf-8');
    writer.openObject().key('a').openArray().closeArray().key('b').openArray();
    writer.openObject().key('x').number(1).key('y').string(null).closeObject();
    writer.openObject().closeObject().number(NaN).string('z').openArray().number(2).closeArray();
    writer
      .closeArray()
      .key('c')
      .value({ d: [true] })
      .closeObject();
    writer.openArray().number(0).closeArray();
    const one = { a: [], b: [{ x: 1, y: null }, {}, null, 'z', [2]], c: { d: [true] } };
    expect(writer.bytes().toString('utf8')).toBe(JSON.stringify(one) + '[0]');
  });

  it.each([new Date(0), () => 1, Symbol('s'), BigInt(1), new Map(), undefined])('refuses %p', (value) => {
    expect(() => written(value, 'utf-8')).toThrow(TypeError);
  });
});
