import { charsetOf, decodeBody } from './charset';
import { encodeJson, encodeJsonList, encodeLatin1Json } from './json-bytes';

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

  it('joins JSON texts into one buffer of their own, in either charset', () => {
    const texts = ['{"a":"Zürich"}', '{"b":"€ 5 – 𝄞"}', '{}'];
    const latin1 = encodeJsonList(texts, 'iso-8859-1');
    expect(latin1.toString('latin1')).toBe('{"a":"Zürich"},{"b":"\\u20ac 5 \\u2013 \\ud834\\udd1e"},{}');
    expect(JSON.parse(`[${latin1.toString('latin1')}]`)).toEqual([{ a: 'Zürich' }, { b: '€ 5 – 𝄞' }, {}]);
    const utf8 = encodeJsonList(texts, 'utf-8');
    expect(utf8.toString('utf8')).toBe(texts.join(','));
    expect(utf8.byteOffset).toBe(0);
    expect(utf8.buffer.byteLength).toBe(utf8.byteLength);
    expect(encodeJsonList([], 'utf-8').byteLength).toBe(0);
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
