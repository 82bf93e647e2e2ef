import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { charsetOf, decodeText, toUtf8 } from '../src/charset';
import { DEFAULT_RETRY, retryAfterMs, retryDelay } from '../src/retry';
import { TokenKeeper } from '../src/tokens';

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T09:00:00Z');
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    assert.equal(retryAfterMs('5', now), 5000);
    assert.equal(retryAfterMs(' 0 ', now), 0);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 09:00:07 GMT', now), 7000);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 08:59:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), null);
    assert.equal(retryAfterMs('-3', now), null);
    assert.equal(retryAfterMs(null, now), null);
  });

  it('waits as asked within the policy, doubles without a header, and stops at the last attempt', () => {
    const policy = { ...DEFAULT_RETRY, maxAttempts: 3, maxDelayMs: 10_000, baseDelayMs: 400 };
    assert.equal(retryDelay(policy, 1, '3', now), 3000);
    assert.equal(retryDelay(policy, 1, '11', now), null);
    assert.equal(retryDelay(policy, 1, null, now), 400);
    assert.equal(retryDelay(policy, 2, null, now), 800);
    assert.equal(retryDelay(policy, 3, '1', now), null);
  });
});

describe('charsets', () => {
  it('decodes ISO-8859-1 byte for code point and windows-1252 by its table', () => {
    const bytes = Uint8Array.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x20, 0x80, 0x9f]);
    assert.equal(decodeText(bytes, 'iso-8859-1'), 'Z\u00fcrich \u0080\u009f');
    assert.equal(decodeText(bytes, 'windows-1252'), 'Z\u00fcrich \u20ac\u0178');
    assert.equal(decodeText(new TextEncoder().encode('Zürich €'), 'utf-8'), 'Zürich €');
    assert.throws(() => decodeText(bytes, 'x-unknown'));
    assert.equal(charsetOf('application/json; charset="ISO-8859-1"'), 'iso-8859-1');
    assert.equal(charsetOf('application/pdf'), null);
  });

  it('turns a Latin-1 JSON answer into UTF-8 and leaves binary answers alone', async () => {
    const latin1 = Buffer.from('{"OrtName":"Z\u00fcrich","x":"\\u20ac"}', 'latin1');
    const answer = await toUtf8(
      new Response(latin1, {
        status: 200,
        headers: { 'content-type': 'application/json; charset=ISO-8859-1' },
      }),
    );
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await answer.json(), { OrtName: 'Zürich', x: '€' });
    const pdf = new Response(Uint8Array.from([0x25, 0xfc]), {
      headers: { 'content-type': 'application/pdf' },
    });
    assert.equal(await toUtf8(pdf), pdf);
  });
});

describe('TokenKeeper', () => {
  it('asks once for callers that come while a renewal runs, and again once the token ages', async () => {
    let clock = 0;
    let asked = 0;
    let release: () => void = () => undefined;
    const keeper = new TokenKeeper(
      async () => {
        asked += 1;
        await new Promise<void>((done) => (release = done));
        return { access_token: `t${asked}`, expires_in: 100 };
      },
      () => clock,
    );
    const waiting = Promise.all([keeper.current(), keeper.current(), keeper.current()]);
    await new Promise((r) => setImmediate(r));
    release();
    assert.deepEqual(await waiting, ['t1', 't1', 't1']);
    assert.equal(asked, 1);
    clock = 89_999;
    assert.equal(await keeper.current(), 't1');
    clock = 90_000;
    const renewal = keeper.current();
    await new Promise((r) => setImmediate(r));
    release();
    assert.equal(await renewal, 't2');
    keeper.discard('t1');
    assert.equal(await keeper.current(), 't2');
    keeper.discard('t2');
    const third = keeper.current();
    await new Promise((r) => setImmediate(r));
    release();
    assert.equal(await third, 't3');
  });
});
