import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ROOT } from './support/child-processes';
import { createTestApp, TestApp } from './support/test-app';

jest.setTimeout(120_000);

interface Example {
  source: string;
  method: string;
  path: string;
  json: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The JSON examples of docs/*.md under a heading `## METHOD /path`: a request body for POST, PUT
 * and PATCH, the 200 answer for GET. The path's own parameters (`{DebiNr}`) stay as written.
 */
function docsExamples(): Example[] {
  const examples: Example[] = [];
  for (const file of readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'))) {
    let heading: [string, string] | null = null;
    const text = readFileSync(join(ROOT, 'docs', file), 'utf8');
    for (const [index, block] of text.split(/^```/m).entries()) {
      if (index % 2 === 0) {
        const headings = [...block.matchAll(/^#+ (GET|POST|PUT|PATCH|DELETE) (\/\S+)/gm)];
        const last = headings[headings.length - 1];
        if (last) heading = [last[1], last[2].replace(/\[.*$/, '').replace(/\?.*$/, '')];
        else if (/^#+ /m.test(block)) heading = null;
        continue;
      }
      if (!block.startsWith('json') || heading === null || !METHODS.has(heading[0])) continue;
      examples.push({ source: file, method: heading[0], path: heading[1], json: block.slice(4).trim() });
    }
  }
  return examples;
}

/**
 * A typed client generated from the OpenAPI document (openapi-typescript) compiles against the
 * examples in docs/: each request example is a valid request body of its operation, each response
 * example a 200 body of its operation (fields may be left out there, none may be unknown or of
 * another type). The generated client and the example file are kept under tmp/client/.
 */
describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  const dir = join(ROOT, 'tmp', 'client');

  beforeAll(async () => {
    t = await createTestApp();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'openapi.json'),
      JSON.stringify((await request(t.server).get('/docs-json')).body),
    );
  });
  afterAll(() => t.close());

  it('compiles against every JSON example of docs/', () => {
    const generate = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'openapi-typescript'),
      // A default (KreditLimit: 0) makes a field optional for the client, not required.
      [join(dir, 'openapi.json'), '-o', join(dir, 'erp-api.ts'), '--default-non-nullable=false'],
      { encoding: 'utf8' },
    );
    expect(generate.status).toBe(0);
    const examples = docsExamples();
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const lines = [
      "import type { paths } from './erp-api';",
      'type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;',
      "type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;",
      "type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;",
      ...examples.map((example, index) => {
        const method = `'${example.method.toLowerCase()}'`;
        const type =
          example.method === 'GET'
            ? `DeepPartial<Ok<'${example.path}', ${method}>>`
            : `RequestBody<'${example.path}', ${method}>`;
        return `// ${example.source}: ${example.method} ${example.path}\nexport const example${index}: ${type} = ${example.json};`;
      }),
    ];
    writeFileSync(join(dir, 'docs-examples.ts'), `${lines.join('\n')}\n`);
    const compile = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'tsc'),
      [
        '--noEmit',
        '--strict',
        '--target',
        'ES2022',
        '--module',
        'commonjs',
        '--skipLibCheck',
        join(dir, 'docs-examples.ts'),
      ],
      { encoding: 'utf8' },
    );
    expect(compile.stdout + compile.stderr).toBe('');
    expect(compile.status).toBe(0);
  });
});
