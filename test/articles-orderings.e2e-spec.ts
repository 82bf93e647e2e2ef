import request from 'supertest';
import { countQueries, QUIET_RELAY } from './support/query-count';
import { createTestApp, json, TestApp } from './support/test-app';

jest.setTimeout(60_000);

interface ArticleList {
  data: { ArtNr: string; ArtBez?: string }[];
  count: number;
}

/** Sortable columns other than ArtBez: each gives a new ordering, ascending and descending. */
const COLUMNS = ['AnLager', 'Einheit', 'Farbe', 'WUSTSatz', 'ArtGruppe', 'ArtKlasse', 'GeaendertAmUTC'];
const OTHER_SORTS = COLUMNS.flatMap((c) => [`%2B${c}`, `-${c}`]);

function client(t: TestApp) {
  const get = (url: string, token: string) =>
    request(t.server).get(url).set('Authorization', `Bearer ${token}`).parse(json);
  const list = async (url: string, token: string): Promise<ArticleList> =>
    (await get(url, token).expect(200)).body as ArticleList;
  return { get, list };
}

describe('articles: orderings are not thrashed by made-up languages and sorts', () => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ ...QUIET_RELAY, ARTICLE_ORDERINGS_PER_MINUTE: '1000' });
    demo = await t.token('demo');
    admin = await t.token('admin');
    api = client(t);
  });
  afterAll(() => t.close());

  it('a language without article texts answers as ger, with its ordering; fre keeps its texts', async () => {
    const records = async (query: string) => {
      const { data, count } = await api.list(`/www/artikel?limit=50&fields=ArtNr,ArtBez${query}`, demo);
      return { data, count };
    };
    const ger = await records('');
    for (const code of ['aa', 'xyz', 'ENG', 'qqqq'])
      expect(await records(`&adrsprache=${code}`)).toEqual(ger);
    const fre = await records('&adrsprache=FRE');
    expect(fre.count).toBe(ger.count);
    expect(fre.data.map((a) => a.ArtBez)).not.toEqual(ger.data.map((a) => a.ArtBez));
    // A made-up code after another reads no ordering and renders no record of its own.
    const page = (code: string) =>
      countQueries(() =>
        api.get(`/www/artikel?limit=5&fields=ArtNr,Farbe&sorts=-Farbe&adrsprache=${code}`, admin).expect(200),
      );
    await page('ab');
    const again = await page('ab');
    expect(await page('ac')).toBe(again);
    expect(await page('ad')).toBe(again);
  });

  it("a shop's default ordering outlasts loops of another user over languages and sort orders", async () => {
    const page = () =>
      countQueries(() => api.get('/www/artikel?limit=5&fields=ArtNr,ArtBez', demo).expect(200));
    await page();
    const kept = await page();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let n = 0; n < 2 * OTHER_SORTS.length; n++) {
      const code = `q${letters[Math.floor(n / 26)]}${letters[n % 26]}`;
      const sorts = OTHER_SORTS[n % OTHER_SORTS.length];
      await api.get(`/www/artikel?limit=1&fields=ArtNr&sorts=${sorts}&adrsprache=${code}`, admin).expect(200);
    }
    // The ordering is still there: the page reads no ordering again.
    expect(await page()).toBe(kept);
  });
});

describe('articles: new orderings per user and minute (ARTICLE_ORDERINGS_PER_MINUTE=3)', () => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ ARTICLE_ORDERINGS_PER_MINUTE: '3' });
    demo = await t.token('demo');
    admin = await t.token('admin');
    api = client(t);
  });
  afterAll(() => t.close());

  it('beyond the budget 429 with Retry-After; kept and default orderings and other users are served', async () => {
    const started = Date.now();
    for (const sorts of OTHER_SORTS.slice(0, 3))
      await api.get(`/www/artikel?limit=2&fields=ArtNr&sorts=${sorts}`, admin).expect(200);
    for (const url of [
      `/www/artikel?limit=2&fields=ArtNr&sorts=${OTHER_SORTS[3]}`,
      `/www/artikel?fields=ArtNr&sorts=${OTHER_SORTS[3]}`,
      `/www/artikel?limit=2&fields=ArtNr&sorts=${OTHER_SORTS[4]}&debinr=10001`,
    ]) {
      const res = await api.get(url, admin).expect(429);
      expect(res.body).toEqual({
        error: 'rate_limited',
        error_description: expect.stringMatching(
          /^Too many new article orderings .*; try again in \d+ seconds\.$/,
        ),
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - started) / 1000));
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    await api.get(`/www/artikel?limit=2&fields=ArtNr&sorts=${OTHER_SORTS[0]}`, admin).expect(200);
    await api.get('/www/artikel?limit=2&fields=ArtNr&adrsprache=fre', admin).expect(200);
    await api.get('/www/artikel?limit=2&fields=ArtNr&adrsprache=zz', admin).expect(200);
    await api.get(`/www/artikel?limit=2&fields=ArtNr&sorts=${OTHER_SORTS[3]}`, demo).expect(200);
    // Delta lists are computed afresh every time and are not counted.
    await api
      .get(`/www/artikel?fields=ArtNr&sorts=${OTHER_SORTS[5]}&modifiedsince=2026-01-01`, admin)
      .expect(200);
  });

  it('the OpenAPI document says so', async () => {
    const document = (await request(t.server).get('/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; description: string }[];
            responses: Record<string, { description: string }>;
          }
        >
      >;
    };
    const list = document.paths['/www/artikel'].get;
    expect(list.parameters.find((p) => p.name === 'adrsprache')?.description).toMatch(
      /no article has a text is answered as the main language ger/,
    );
    expect(list.responses['429'].description).toMatch(/ARTICLE_ORDERINGS_PER_MINUTE new orderings/);
  });
});
