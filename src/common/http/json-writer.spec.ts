import { encodeJson, ResponseCharset } from './json-bytes';
import { JsonWriter } from './json-writer';

const CHARSETS: ResponseCharset[] = ['utf-8', 'iso-8859-1'];

/** Every UTF-16 unit, lone surrogate halves included, then every kind of pair. */
function everyUnit(): string {
  let s = '';
  for (let c = 0; c <= 0xffff; c++) s += String.fromCharCode(c);
  return s + '\ud83d\ude00 a\ud800\udc00b\udbff\udfff\udc00\ud800';
}

describe('JsonWriter', () => {
  it.each(CHARSETS)('writes every UTF-16 unit as JSON.stringify and encodeJson do (%s)', (charset) => {
    const text = everyUnit();
    const value = new JsonWriter(charset).string(text).bytes();
    expect(value.equals(encodeJson(JSON.stringify(text), charset))).toBe(true);
    const keyed = new JsonWriter(charset).openObject().key(text).string(text).closeObject().bytes();
    expect(keyed.equals(encodeJson(JSON.stringify({ [text]: text }), charset))).toBe(true);
  });

  it.each(CHARSETS)('writes an article record byte for byte as JSON.stringify does (%s)', (charset) => {
    const record = {
      ArtNr: 'A-100"\\',
      ArtBez: 'Größe 10 € — “Zoll”\n\ttab',
      ArtikelStatus: 1,
      Einheit: null,
      WUSTSatz: 19.5,
      attributes: [{ Contents: null, PHKey: 'FARBE' }],
      Preis: [{ AbAnzahl: 1, BisAnzahl: 9.999, PreisList: -0, GeaendertAmUTC: '2026-01-08T08:00:00Z' }],
      Bestand: [],
      numbers: [null, NaN, Infinity, 1e21, 5e-7],
    };
    const out = new JsonWriter(charset, 16);
    out.openObject().key('ArtNr').string(record.ArtNr).key('ArtBez').string(record.ArtBez);
    out.key('ArtikelStatus').number(record.ArtikelStatus).key('Einheit').string(record.Einheit);
    out.key('WUSTSatz').number(record.WUSTSatz).key('attributes').openArray().openObject();
    out.key('Contents').string(null).key('PHKey').string('FARBE').closeObject().closeArray();
    const [tier] = record.Preis;
    out.key('Preis').openArray().openObject().key('AbAnzahl').number(tier.AbAnzahl);
    out.key('BisAnzahl').number(tier.BisAnzahl).key('PreisList').number(tier.PreisList);
    out.key('GeaendertAmUTC').string(tier.GeaendertAmUTC).closeObject().closeArray();
    out.key('Bestand').openArray().closeArray().key('numbers').openArray();
    for (const n of record.numbers) out.number(n);
    out.closeArray().closeObject();
    expect(out.bytes().toString('latin1')).toBe(
      encodeJson(JSON.stringify(record), charset).toString('latin1'),
    );
  });

  it('grows its buffer and keeps what was written', () => {
    const values = Array.from({ length: 200 }, (_, i) => ({ i, text: 'Ä'.repeat(i) }));
    const out = new JsonWriter('utf-8', 1).openArray();
    for (const v of values) out.openObject().key('i').number(v.i).key('text').string(v.text).closeObject();
    expect(out.closeArray().bytes().toString('utf8')).toBe(JSON.stringify(values));
  });

  it('appends values one after the other, and its length says where each ends', () => {
    const writer = new JsonWriter('iso-8859-1');
    writer.openObject().key('a').string('ü').closeObject();
    const end = writer.length;
    writer.openArray().number(1).closeArray();
    expect(end).toBe(9);
    expect(writer.bytes().toString('latin1')).toBe('{"a":"ü"}[1]');
  });

  it('writes piece by piece with the commas JSON.stringify puts in', () => {
    const writer = new JsonWriter('utf-8');
    writer.openObject().key('a').openArray().closeArray().key('b').openArray();
    writer.openObject().key('x').number(1).key('y').string(null).closeObject();
    writer.openObject().closeObject().number(NaN).string('z').openArray().number(2).closeArray();
    writer.closeArray().key('c').openObject().key('d').openArray().number(3).closeArray().closeObject();
    writer.closeObject();
    writer.openArray().number(0).closeArray();
    const one = { a: [], b: [{ x: 1, y: null }, {}, null, 'z', [2]], c: { d: [3] } };
    expect(writer.bytes().toString('utf8')).toBe(JSON.stringify(one) + '[0]');
  });
});
