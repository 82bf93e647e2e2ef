import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('request fingerprint', () => {
  it('ignores the key order of objects but not the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,1]},"b":1}');
    const one = requestFingerprint('POST', '/www/auftrag', { a: 1, b: [1, 2] });
    expect(requestFingerprint('post', '/www/auftrag', { b: [1, 2], a: 1 })).toBe(one);
    expect(requestFingerprint('POST', '/www/auftrag', { a: 1, b: [2, 1] })).not.toBe(one);
    expect(requestFingerprint('PUT', '/www/auftrag', { a: 1, b: [1, 2] })).not.toBe(one);
  });
});
