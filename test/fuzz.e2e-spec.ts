import fc from 'fast-check';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { ERROR_CODES } from '../src/common/errors/api-error';
import { FuzzRequest, OpenApiDocument, OpenApiFuzzer } from './support/openapi-fuzz';
import { bytes, createTestApp, TestApp } from './support/test-app';

/** `npm test` sends this many; `npm run fuzz` (FUZZ_RUNS=3000) the large run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

jest.setTimeout(Math.max(120_000, RUNS * 200));

/** Tables a write can touch: a refused write must leave every one of them as it was. */
const TABLES = [
  'Adressen',
  'Debitor',
  'Attribut',
  'Auftrag',
  'AuftragPos',
  'AuftragAdr',
  'AuftragZahlung',
  'Reservierung',
  'Nummernkreis',
  'rest_event',
  'rest_webhook',
];

/**
 * Requests generated from the OpenAPI document (fast-check, fixed seed) against every operation:
 * none may answer 5xx, every error carries the body of its route with the code of its status, and
 * a refused write changes nothing in the database.
 */
describe('schema-driven fuzz over every operation', () => {
  let t: TestApp;
  let shop: string;
  let admin: string;
  let document: OpenApiDocument;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
    shop = await t.token('demo');
    admin = await t.token('admin');
    document = (await request(t.server).get('/docs-json').expect(200)).body as OpenApiDocument;
  });
  afterAll(async () => {
    console.log(
      `fuzz: ${RUNS} requests, seed ${SEED}; statuses ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')}`,
    );
    await t.close();
  });

  const fingerprint = async (): Promise<string> => {
    const hash = createHash('sha256');
    for (const table of TABLES)
      hash.update(JSON.stringify(await t.dataSource.query(`SELECT * FROM "${table}"`)));
    return hash.digest('hex');
  };

  const send = (generated: FuzzRequest, asAdmin: boolean) => {
    const agent = request(t.server);
    const method = generated.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const req = agent[method](generated.url).set('Authorization', `Bearer ${asAdmin ? admin : shop}`);
    if (generated.body !== undefined) {
      if ('json' in generated.body)
        req.set('Content-Type', 'application/json').send(JSON.stringify(generated.body.json));
      else req.set('Content-Type', generated.body.contentType).send(generated.body.raw);
    }
    return req.parse(bytes);
  };

  it(`${RUNS} generated requests: no 5xx, the route's error body, refused writes change nothing`, async () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        // Not fuzzed: logins (each costs a deliberate 32 MiB scrypt and counts toward the lockout),
        // webhook creation (it calls out to the URL), and OPTIONS.
        .filter((method) => !['/www/token', '/www/webhooks'].includes(path) || method === 'get')
        .filter((method) => method !== 'options')
        .map((method): [string, string] => [method, path]),
    );
    const fuzzer = new OpenApiFuzzer(document);
    await fc.assert(
      fc.asyncProperty(fuzzer.request(operations), fc.boolean(), async (generated, asAdmin) => {
        const write = generated.method !== 'get';
        const before = write ? await fingerprint() : '';
        const res = await send(generated, asAdmin && !write);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = (res.body as Buffer).toString('latin1');
        const where = `${generated.method.toUpperCase()} ${generated.url} -> ${res.status} ${text.slice(0, 300)}`;
        expect([where, res.status < 500]).toEqual([where, true]);
        if (res.status >= 400) {
          expect([where, String(res.headers['content-type'])]).toEqual([
            where,
            expect.stringMatching(/^application\/json/),
          ]);
          const body = JSON.parse(text) as Record<string, unknown>;
          const eInvoice = generated.operation === '/www/zugferd' && ![401, 403, 429].includes(res.status);
          expect([where, body]).toEqual([
            where,
            eInvoice
              ? {
                  error: 'endpoint',
                  error_description: expect.any(String),
                  info: { filename: expect.any(String), subprocess_output: expect.any(Array) },
                }
              : {
                  // Statuses D2 names no code for (408, 414, 431) are invalid_request, as in http-setup.
                  error: ERROR_CODES[res.status] ?? 'invalid_request',
                  error_description: expect.any(String),
                  ...(body.info === undefined ? {} : { info: expect.any(Object) }),
                },
          ]);
          if (write) expect([where, await fingerprint()]).toEqual([where, before]);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
