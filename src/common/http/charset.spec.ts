import { charsetOf, decodeBody, encodeLatin1Json } from './charset';

describe('charset', () => {
  it('writes Latin-1 bytes and escapes what Latin-1 cannot hold', () => {
    const bytes = encodeLatin1Json(JSON.stringify({ OrtName: 'Zürich', x: '€ 5 – ok' }));
    expect(bytes.includes(0xfc)).toBe(true);
    expect(bytes.toString('latin1')).toBe('{"OrtName":"Zürich","x":"\\u20ac 5 \\u2013 ok"}');
    expect(JSON.parse(bytes.toString('latin1'))).toEqual({ OrtName: 'Zürich', x: '€ 5 – ok' });
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
