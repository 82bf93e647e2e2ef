import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ROOT } from './support/child-processes';
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

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await request(t.server).get('/docs-json').expect(200)).body as object;
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
});
