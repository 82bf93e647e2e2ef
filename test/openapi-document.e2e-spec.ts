import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ROOT } from './support/child-processes';
import { OpenApiContract } from './support/openapi-contract';
import { newCustomerBody, newOrderBody } from './support/fixtures';
import { createTestApp, json, TestApp } from './support/test-app';

jest.setTimeout(120_000);

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Link {
  operationId: string;
  parameters: Record<string, string>;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { links?: Record<string, Link>; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema & { properties: Record<string, Schema & object> }> };
}

/** Every operation of the document with its method and path. */
function operationsOf(document: Document): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

/** Whether a JSON pointer (`/data/0/AuftNr`) names a property that the schema describes. */
function pointerInSchema(document: Document, schema: Schema, pointer: string[]): boolean {
  const resolved = schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  const parts = [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
  if (parts.length > 0) return parts.some((part) => pointerInSchema(document, part, pointer));
  if (pointer.length === 0) return true;
  const [segment, ...rest] = pointer;
  if (/^\d+$/.test(segment))
    return resolved.items !== undefined && pointerInSchema(document, resolved.items, rest);
  const property = resolved.properties?.[segment];
  return property !== undefined && pointerInSchema(document, property, rest);
}

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
  let document: Document;

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

  describe('operation ids and links', () => {
    it('names every operation as a client author would, each name once', () => {
      const ids = operationsOf(document).map(({ operation }) => operation.operationId ?? '');
      expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id) || id.includes('Controller'))).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(
        expect.arrayContaining(['createOrder', 'getOrder', 'convertOffer', 'createCustomer']),
      );
    });

    it('links lead to operations that exist, with their parameters, from values the responses carry', () => {
      const byId = new Map(operationsOf(document).map((entry) => [entry.operation.operationId, entry]));
      const problems: string[] = [];
      let links = 0;
      for (const { method, path, operation } of operationsOf(document)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [name, link] of Object.entries(response.links ?? {})) {
            links++;
            const at = `${method} ${path} ${status} ${name}`;
            const target = byId.get(link.operationId);
            if (!target) problems.push(`${at}: no operation ${link.operationId}`);
            for (const [parameter, expression] of Object.entries(link.parameters)) {
              if (!target?.operation.parameters?.some((p) => p.name === parameter))
                problems.push(`${at}: ${link.operationId} has no parameter ${parameter}`);
              const request = /^\$request\.(path|query)\.(\w+)$/.exec(expression);
              const body = /^\$response\.body#(\/.*)$/.exec(expression);
              if (request && !operation.parameters?.some((p) => p.in === request[1] && p.name === request[2]))
                problems.push(`${at}: the request has no ${request[1]} parameter ${request[2]}`);
              const schema = response.content && Object.values(response.content)[0]?.schema;
              if (body && !(schema && pointerInSchema(document, schema, body[1].split('/').slice(1))))
                problems.push(`${at}: the response has no ${body[1]}`);
              if (!request && !body) problems.push(`${at}: unknown expression ${expression}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(links).toBeGreaterThanOrEqual(20);
    });

    it('following the links of a created customer and order reaches them', async () => {
      const auth = { Authorization: `Bearer ${await t.token()}` };
      const follow = async (from: request.Response, method: string, path: string, name: string) => {
        const link = document.paths[path][method].responses[String(from.status)].links![name];
        const target = operationsOf(document).find(
          (entry) => entry.operation.operationId === link.operationId,
        )!;
        let url = target.path;
        const query: Record<string, string> = {};
        for (const [parameter, expression] of Object.entries(link.parameters)) {
          const pointer = expression.replace('$response.body#/', '').split('/');
          const value = String(
            pointer.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], from.body),
          );
          if (target.operation.parameters!.find((p) => p.name === parameter)!.in === 'path')
            url = url.replace(`{${parameter}}`, encodeURIComponent(value));
          else query[parameter] = value;
        }
        return request(t.server).get(url).query(query).set(auth).parse(json);
      };

      const customer = await request(t.server)
        .post('/www/kunden')
        .set(auth)
        .send(newCustomerBody())
        .expect(201);
      const read = await follow(customer, 'post', '/www/kunden', 'GetCustomer');
      expect(read.status).toBe(200);
      const addresses = await follow(customer, 'post', '/www/kunden', 'ListAddresses');
      expect(addresses.status).toBe(200);
      const order = await request(t.server)
        .post('/www/auftrag')
        .set(auth)
        .send(newOrderBody(customer.body.data.DebiNr))
        .expect(201);
      const readOrder = await follow(order, 'post', '/www/auftrag', 'GetOrder');
      expect(readOrder.status).toBe(200);
      expect(readOrder.body.data.GrundDaten.AuftNr).toBe(order.body.data.AuftNr);
    });
  });
});
