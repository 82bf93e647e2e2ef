import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ROOT } from './support/child-processes';
import { OpenApiContract } from './support/openapi-contract';
import { createTestApp, TestApp } from './support/test-app';

jest.setTimeout(120_000);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/**
 * The OpenAPI document integrators generate clients from: `redocly lint` (recommended rules) finds
 * no error in it. The document is kept under tmp/ (a CI artifact).
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let file: string;
  let document: { components: { schemas: Record<string, { properties: Record<string, object> }> } };

  beforeAll(async () => {
    t = await createTestApp();
    document = (await request(t.server).get('/docs-json').expect(200)).body as typeof document;
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    file = join(ROOT, 'tmp', `openapi-${t.config.dbType}.json`);
    writeFileSync(file, JSON.stringify(document, null, 2));
  });
  afterAll(() => t.close());

  it('passes redocly lint without errors', () => {
    const run = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--format=json', '--extends=recommended'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    const problems = (JSON.parse(json) as { problems: LintProblem[] }).problems;
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  describe('an order without addresses (template offer 500002)', () => {
    const exchange = (body: unknown) => ({
      method: 'GET',
      route: '/www/auftrag/:AuftNr',
      query: {},
      requestBody: undefined,
      status: 200,
      contentType: 'application/json; charset=iso-8859-1',
      responseBody: Buffer.from(JSON.stringify(body), 'latin1'),
    });
    const withNullContact = (body: { data: { Adressen: object } }) => ({
      data: { ...body.data, Adressen: { ...body.data.Adressen, KontaktAdr: null } },
    });

    it('leaves out the address roles it has none of (the in-process check sees this exchange)', async () => {
      const res = await request(t.server)
        .get('/www/auftrag/500002')
        .auth(await t.token(), { type: 'bearer' })
        .expect(200);
      expect(res.body.data.Adressen).toEqual({});
      expect(new OpenApiContract(document as never).check(exchange(res.body))).toEqual([]);
    });

    it('a null role would be drift: the check refuses it, also beside nullable: true as OpenAPI 3.0.3 reads it', async () => {
      const res = await request(t.server)
        .get('/www/auftrag/500002')
        .auth(await t.token(), { type: 'bearer' })
        .expect(200);
      const problems = new OpenApiContract(document as never).check(exchange(withNullContact(res.body)));
      expect(problems).toEqual([expect.stringContaining('/data/Adressen/KontaktAdr must be object')]);
      const roles = structuredClone(document);
      roles.components.schemas.OrderAddressesDto.properties.KontaktAdr = {
        nullable: true,
        type: 'object',
        allOf: [{ $ref: '#/components/schemas/OrderAddressDto' }],
      };
      const beside = new OpenApiContract(roles as never).check(exchange(withNullContact(res.body)));
      expect(beside).toEqual(expect.arrayContaining([expect.stringContaining('/data/Adressen/KontaktAdr')]));
    });
  });
});
