import { charsetOf, decodeBody } from './charset';
import { encodeJson, encodeLatin1Json, joinEncodedJson } from './json-bytes';

describe('charset', () => {
  it('writes Latin-1 bytes and escapes what Latin-1 cannot hold', () => {
    const bytes = encodeLatin1Json(JSON.stringify({ OrtName: 'Zürich', x: '€ 5 – ok' }));
    expect(bytes.includes(0xfc)).toBe(true);
    expect(bytes.toString('latin1')).toBe('{"OrtName":"Zürich","x":"\\u20ac 5 \\u2013 ok"}');
    expect(JSON.parse(bytes.toString('latin1'))).toEqual({ OrtName: 'Zürich', x: '€ 5 – ok' });
  });

  it('writes UTF-8 bytes unescaped when the response charset is utf-8', () => {
    const json = JSON.stringify({ OrtName: 'Zürich', x: '€ 5' });
    expect(encodeJson(json, 'utf-8').toString('hex')).toBe(
      Buffer.from('{"OrtName":"Zürich","x":"€ 5"}').toString('hex'),
    );
    expect(encodeJson(json, 'iso-8859-1').toString('latin1')).toBe('{"OrtName":"Zürich","x":"\\u20ac 5"}');
  });

  it('joins encoded JSON texts into one buffer of their own, in either charset', () => {
    const texts = ['{"a":"Zürich"}', '{"b":"€ 5 – 𝄞"}', '{}'];
    const list = (charset: 'iso-8859-1' | 'utf-8') =>
      joinEncodedJson(
        texts.map((t) => encodeJson(t, charset)),
        encodeJson('{"data":[', charset),
        encodeJson('],"ort":"Zürich"}', charset),
      );
    const latin1 = list('iso-8859-1');
    expect(latin1.toString('latin1')).toBe(
      '{"data":[{"a":"Zürich"},{"b":"\\u20ac 5 \\u2013 \\ud834\\udd1e"},{}],"ort":"Zürich"}',
    );
    expect(JSON.parse(latin1.toString('latin1'))).toEqual({
      data: [{ a: 'Zürich' }, { b: '€ 5 – 𝄞' }, {}],
      ort: 'Zürich',
    });
    const utf8 = list('utf-8');
    expect(utf8.toString('utf8')).toBe(`{"data":[${texts.join(',')}],"ort":"Zürich"}`);
    expect(utf8.byteOffset).toBe(0);
    expect(utf8.buffer.byteLength).toBe(utf8.byteLength);
    expect(joinEncodedJson([]).byteLength).toBe(0);
    expect(joinEncodedJson([encodeJson('1', 'utf-8')]).toString()).toBe('1');
  });

  it('decodes request bodies by their charset, windows-1252 with a real euro sign', () => {
    expect(charsetOf('application/json; charset=ISO-8859-1')).toBe('iso-8859-1');
    expect(charsetOf('application/json')).toBe('utf-8');
    expect(decodeBody(Buffer.from([0x22, 0xfc, 0x22]), 'iso-8859-1')).toBe('"ü"');
    expect(decodeBody(Buffer.from([0x22, 0x80, 0x22]), 'windows-1252')).toBe('"€"');
    expect(decodeBody(Buffer.from('"ß"', 'utf8'), 'utf-8')).toBe('"ß"');
    expect(decodeBody(Buffer.from('x'), 'ebcdic')).toBeNull();
  });
});
