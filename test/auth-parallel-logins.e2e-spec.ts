import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';

/** A shop's workers log in at the same time; an attacker sends guesses at the same time. */
describe('auth: parallel Basic logins', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (password: string) => request(t.server).post('/www/token').auth('demo', password).parse(json);

  it('lets 12 parallel correct logins of one user through', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => login('demo')));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(results.map((r) => r.body.access_token)).size).toBe(12);
  });

  it('counts parallel wrong guesses one by one: 5 times 401, then 429 even for the right password', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login(`wrong-${i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await login('demo').expect(429);
    expect(locked.body.error).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
