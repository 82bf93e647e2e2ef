import { availableParallelism } from 'node:os';
import { ConfigError, defaultArticleCacheMb, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('has working defaults for the embedded database', () => {
    const c = loadAppConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dbType: 'sqlite',
      dbPath: './data/erp.sqlite',
      seedDemo: false,
      logDir: './logs',
      tokenTtlSeconds: 3600,
      responseCharset: 'iso-8859-1',
    });
  });

  it('names every wrong setting at once', () => {
    expect(() => loadAppConfig({ PORT: 'abc', DB_TYPE: 'oracle', TRUST_PROXY: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadAppConfig({ PORT: 'abc', DB_TYPE: 'oracle', TRUST_PROXY: 'maybe' });
    } catch (e) {
      const m = (e as Error).message;
      expect(m).toContain('PORT');
      expect(m).toContain('DB_TYPE');
      expect(m).toContain('TRUST_PROXY');
    }
  });

  it('TRUST_PROXY: off, a number of proxies or addresses/CIDRs; never "trust everyone"', () => {
    expect(loadAppConfig({}).trustProxy).toBe(false);
    expect(loadAppConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadAppConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadAppConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', 'loopback', '::1'],
    });
    expect(() => loadAppConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY=true would believe any client; give the number of proxies in front (e.g. 1) or their addresses/CIDRs',
    );
    expect(() => loadAppConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY .*"10.0.0.0\/33"/);
    expect(() => loadAppConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10 proxies/);
  });

  it('article caches: defaults, off, and out-of-range values refused', () => {
    expect(loadAppConfig({})).toMatchObject({
      articleSnapshotSeconds: 60,
      articleOrderingsPerMinute: 10,
      articleCacheSeconds: 60,
      articleCacheMb: defaultArticleCacheMb(),
    });
    const GiB = 2 ** 30;
    expect(defaultArticleCacheMb(0, 24 * GiB)).toBe(3072);
    expect(defaultArticleCacheMb(2 * GiB, 24 * GiB)).toBe(256);
    expect(defaultArticleCacheMb(256 * 2 ** 20, 24 * GiB)).toBe(64);
    expect(defaultArticleCacheMb(0, 512 * GiB)).toBe(4096);
    expect(loadAppConfig({ ARTICLE_CACHE_SECONDS: '0', ARTICLE_CACHE_MB: '0' })).toMatchObject({
      articleCacheSeconds: 0,
      articleCacheMb: 0,
    });
    expect(() => loadAppConfig({ ARTICLE_CACHE_SECONDS: '-1', ARTICLE_CACHE_MB: 'lots' })).toThrow(
      /ARTICLE_CACHE_SECONDS[\s\S]*ARTICLE_CACHE_MB/,
    );
  });

  it('SQLite read threads: one per core by default, at most 2; 0 to 16 accepted', () => {
    expect(loadAppConfig({}).sqliteReadThreads).toBe(Math.min(2, availableParallelism()));
    expect(loadAppConfig({ SQLITE_READ_THREADS: '0' }).sqliteReadThreads).toBe(0);
    expect(loadAppConfig({ SQLITE_READ_THREADS: '16' }).sqliteReadThreads).toBe(16);
    expect(() => loadAppConfig({ SQLITE_READ_THREADS: '17' })).toThrow(/SQLITE_READ_THREADS/);
    expect(() => loadAppConfig({ SQLITE_READ_THREADS: 'all' })).toThrow(/SQLITE_READ_THREADS/);
  });

  it('requires DATABASE_URL for postgres and does not seed there by default', () => {
    expect(() => loadAppConfig({ DB_TYPE: 'postgres' })).toThrow(/DATABASE_URL is required/);
    const c = loadAppConfig({ DB_TYPE: 'postgres', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.seedDemo).toBe(false);
  });

  it('refuses NODE_USE_ENV_PROXY while the webhook destination guard is on', () => {
    expect(() => loadAppConfig({ NODE_USE_ENV_PROXY: '1' })).toThrow(/NODE_USE_ENV_PROXY is set/);
    expect(
      loadAppConfig({ NODE_USE_ENV_PROXY: '1', WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate,
    ).toBe(true);
    expect(loadAppConfig({ NODE_USE_ENV_PROXY: '0' }).webhookAllowPrivate).toBe(false);
  });
});
