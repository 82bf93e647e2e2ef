import { loggablePath, safeError, sanitizeForLog, scrubText } from './log-redaction';

const token = 'q3Xv9Zr0Yb1Kc2Ld3Me4Nf5Og6Ph7Qi8Rj9Sk0Tl1Um';

describe('log redaction', () => {
  it('scrubs Authorization values, secret query parameters and long Base64 runs from text', () => {
    expect(scrubText('Authorization: Basic ZGVtbzpkZW1v')).toBe('Authorization: Basic [redacted]');
    expect(scrubText(`got Bearer ${token} here`)).toBe('got Bearer [redacted] here');
    expect(scrubText('/www/log?access_token=abc&x=1&password=p')).toBe(
      '/www/log?access_token=[redacted]&x=1&password=[redacted]',
    );
    expect(scrubText(`PDF ${'JVBERi0xLjcK'.repeat(5)}== end`)).toBe('PDF [redacted] end');
    expect(scrubText('plain message with a 550e8400-e29b-41d4-a716-446655440000 id')).toBe(
      'plain message with a 550e8400-e29b-41d4-a716-446655440000 id',
    );
  });

  it('logs paths without the query string and without payload-like segments', () => {
    expect(loggablePath('/www/artikel?limit=10&access_token=x')).toBe('/www/artikel');
    expect(loggablePath('/www/artikel/1000')).toBe('/www/artikel/1000');
    expect(loggablePath(`/www/artikel/${token}/x`)).toBe('/www/artikel/[redacted]/x');
    expect(loggablePath(`/www/adressen/${encodeURIComponent('a+b/'.repeat(30))}`)).not.toMatch(
      /(a\+b\/){10}/,
    );
  });

  it('drops secret-named keys and bodies, deeply, and keeps errors without their extras', () => {
    const err = Object.assign(new Error(`query failed for ${token}`), {
      parameters: ['hunter2-password'],
      code: 'SQLITE_ERROR',
    });
    const out = sanitizeForLog({
      reqId: 'r1',
      url: `/www/log?access_token=${token}`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'curl' },
      nested: { password: 'hunter2', body: { PDF: 'x' }, list: [{ accessToken: token }] },
      err,
    });
    expect(out).toEqual({
      reqId: 'r1',
      url: '/www/log?access_token=[redacted]',
      headers: { authorization: '[redacted]', 'user-agent': 'curl' },
      nested: { password: '[redacted]', body: '[omitted]', list: [{ accessToken: '[redacted]' }] },
      err: {
        type: 'Error',
        message: 'query failed for [redacted]',
        stack: expect.any(String),
        code: 'SQLITE_ERROR',
      },
    });
    expect(JSON.stringify(out)).not.toContain('hunter2');
    expect(safeError('boom')).toEqual({ type: 'string', message: 'boom' });
  });
});
