import { EventEmitter2 } from '@nestjs/event-emitter';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { InMemoryLoginFailureLog } from './adapters/memory/in-memory-login-failure-log';
import { InMemoryRateLimitCounter } from './adapters/memory/in-memory-rate-limit-counter';
import { clientAddressGroup } from './client-address';
import { LoginThrottle } from './login-throttle';

const config = {
  loginMaxFailuresPerUser: 5,
  loginMaxFailuresPerIp: 50,
  loginWindowSeconds: 300,
  loginMaxPerMinute: 60,
} as AppConfig;

function throttleWith(log: InMemoryLoginFailureLog): LoginThrottle {
  return new LoginThrottle(config, log, new InMemoryRateLimitCounter(), new EventEmitter2());
}

async function fail(throttle: LoginThrottle, account: string, ip: string): Promise<void> {
  await throttle.failed(await throttle.begin(account, ip));
}

/** The status `begin` answers with: 0 when the attempt may go on (its place is given back). */
async function statusOf(throttle: LoginThrottle, account: string, ip: string): Promise<number> {
  try {
    (await throttle.begin(account, ip)).done();
    return 0;
  } catch (error) {
    return (error as ApiError).status;
  }
}

/** 49 failures (one below the address limit) from each of `addresses` addresses, a new name each. */
async function spray(throttle: LoginThrottle, addresses: number): Promise<void> {
  for (let a = 0; a < addresses; a++) {
    const ip = `172.${16 + (a >> 16)}.${(a >> 8) & 255}.${a & 255}`;
    for (let i = 0; i < 49; i++) await fail(throttle, `spray${a}x${i}`, ip);
  }
}

describe('LoginThrottle', () => {
  it('an account locked for one address stays locked after 51,000 failures from 1,040 other addresses', async () => {
    const throttle = throttleWith(new InMemoryLoginFailureLog());
    for (let i = 0; i < 5; i++) await fail(throttle, 'demo', '10.0.0.1');
    expect(await statusOf(throttle, 'demo', '10.0.0.1')).toBe(429);
    await spray(throttle, 1040);
    expect(await statusOf(throttle, 'demo', '10.0.0.1')).toBe(429);
  });

  it('a full log frees open keys before a locked one', async () => {
    const log = new InMemoryLoginFailureLog(256 * 1024);
    const throttle = throttleWith(log);
    for (let i = 0; i < 5; i++) await fail(throttle, 'demo', '10.0.0.1');
    await spray(throttle, 40);
    expect(log.bytes).toBeLessThanOrEqual(256 * 1024);
    // 1,960 failures of new names needed far more than the bound: open keys went.
    expect(log.size).toBeLessThan(2 * 1960);
    expect(await statusOf(throttle, 'demo', '10.0.0.1')).toBe(429);
  });

  it('counts IPv6 addresses by their /64', async () => {
    const throttle = throttleWith(new InMemoryLoginFailureLog());
    for (let i = 1; i <= 5; i++) await fail(throttle, 'demo', `2001:db8:1:2::${i}`);
    expect(await statusOf(throttle, 'demo', '2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(429);
    // Another /64 without failures of its own (the owner's) still gets in.
    expect(await statusOf(throttle, 'demo', '2001:db8:1:3::1')).toBe(0);
    for (let i = 0; i < 50; i++) await fail(throttle, `user${i}`, `2001:db8:9:9:${i.toString(16)}::1`);
    expect(await statusOf(throttle, 'admin', '2001:db8:9:9:abcd::7')).toBe(429);
    expect(await statusOf(throttle, 'admin', '2001:db8:9:a::7')).toBe(0);
  });
});

describe('clientAddressGroup', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones, and cuts IPv6 addresses to their /64', () => {
    expect(clientAddressGroup('10.1.2.3')).toBe('10.1.2.3');
    expect(clientAddressGroup('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientAddressGroup('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddressGroup('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressGroup('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('InMemoryLoginFailureLog', () => {
  it('holds at most its bytes, however long the keys', async () => {
    const log = new InMemoryLoginFailureLog(1024 * 1024);
    const long = 'x'.repeat(11_000);
    for (let i = 0; i < 2000; i++) await log.record(`u:${long}${i}`, 1_000 + i, 300_000, 5);
    expect(log.bytes).toBeLessThanOrEqual(1024 * 1024);
    // Each key counts at least its 22 KB of text: at most 47 of them fit.
    expect(log.size).toBeLessThanOrEqual(47);
    expect(log.size).toBeGreaterThan(40);
    // The newest stayed, the oldest went.
    expect(await log.recent(`u:${long}1999`, 5_000, 300_000)).toEqual([2_999]);
    expect(await log.recent(`u:${long}0`, 5_000, 300_000)).toEqual([]);
  });

  it('a key whose lock ran out is open again and can go', async () => {
    const log = new InMemoryLoginFailureLog(64 * 1024);
    for (let i = 0; i < 5; i++) await log.record('ua:demo|10.0.0.1', 1_000 + i, 10_000, 5);
    // 1,000 records later the lock is past its window: open keys from then on may push it out.
    for (let i = 0; i < 1000; i++) await log.record(`u:n${i}`, 20_000 + i, 10_000, 5);
    for (let i = 0; i < 1000; i++) await log.record(`u:m${i}`, 21_000 + i, 10_000, 5);
    expect(await log.recent('ua:demo|10.0.0.1', 22_000, 1e9)).toEqual([]);
    expect(log.bytes).toBeLessThanOrEqual(64 * 1024);
  });
});
