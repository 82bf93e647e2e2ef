import { RedisLoginClient, RedisLoginFailureLog, RedisLoginMulti } from './redis-login-failure-log';

/** A Redis that refuses every command, as while the server is down. */
function downRedis(): RedisLoginClient {
  const refused = () => Promise.reject(new Error('connection refused'));
  const multi: RedisLoginMulti = {
    zadd: () => multi,
    zremrangebyscore: () => multi,
    zremrangebyrank: () => multi,
    pexpire: () => multi,
    exec: refused,
  };
  return { multi: () => multi, zrangebyscore: refused, del: refused };
}

describe('RedisLoginFailureLog', () => {
  it('counts in the instance while Redis is down, so the limit still holds there', async () => {
    const errors: string[] = [];
    const log = new RedisLoginFailureLog(downRedis(), (e) => errors.push(e.message));
    await log.record('u:demo', 1_000, 60_000, 5);
    await log.record('u:demo', 2_000, 60_000, 5);
    expect(await log.recent('u:demo', 3_000, 60_000)).toEqual([1_000, 2_000]);
    expect(await log.recent('u:demo', 61_500, 60_000)).toEqual([2_000]);
    await log.clear('u:demo');
    expect(await log.recent('u:demo', 3_000, 60_000)).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
