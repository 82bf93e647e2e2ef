import request from 'supertest';
import { bytes, createTestApp, TestApp } from './support/test-app';
import { validationProof, WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(120_000);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { example?: unknown }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const exampleOf = (parameter: Parameter): unknown => parameter.example ?? parameter.schema?.example;

/**
 * Creations first (what other operations name), deletions last (the log, the webhook made first);
 * the quote before the order it prices, as a checkout sends them (after the order, the same body's
 * KundNr + AuftBestellNr is a documented 409).
 */
const rank = (id: string): number =>
  id === 'createToken'
    ? 0
    : id === 'quoteOrder'
      ? 0.5
      : id.startsWith('create')
        ? 1
        : id.startsWith('delete')
          ? 3
          : 2;

/**
 * Swagger UI's "Try it out" as shipped: each operation's example request, built from the served
 * document alone (its path and query parameters' examples, its request body's example, the
 * authentication its security names), is accepted by a fresh demo service. The one value the
 * document cannot know is the address of a webhook receiver: the example's URL is replaced by a
 * local receiver that answers the validation request.
 */
describe("the OpenAPI document's example requests", () => {
  let t: TestApp;
  let document: Document;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    document = (await request(t.server).get('/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('every operation has an example request that a fresh demo service accepts (2xx)', async () => {
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
      )
      .sort((a, b) => rank(a.operation.operationId) - rank(b.operation.operationId));
    const admin = await t.token('admin');
    const answers: string[] = [];
    for (const { path, method, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const missing = parameters.filter((p) => p.in === 'path' && exampleOf(p) === undefined);
      if (missing.length > 0) {
        answers.push(`${operation.operationId}: no example for ${missing.map((p) => p.name).join(', ')}`);
        continue;
      }
      const url = parameters
        .filter((p) => p.in === 'path')
        .reduce((at, p) => at.replace(`{${p.name}}`, encodeURIComponent(String(exampleOf(p)))), path);
      const query = Object.fromEntries(
        parameters
          .filter((p) => p.in === 'query' && exampleOf(p) !== undefined)
          .map((p) => [p.name, String(exampleOf(p))]),
      );
      let body = operation.requestBody?.content['application/json']?.example;
      if (operation.operationId === 'createWebhook') {
        const secret = (body as { secret: string }).secret;
        receiver.answer = (r) => ({ status: 200, body: validationProof(r, secret) ?? '' });
        body = { ...(body as object), url: receiver.url };
      }
      let call = request(t.server)[method as 'get'](url).query(query).buffer(true).parse(bytes);
      const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s));
      if (schemes.includes('basic')) call = call.auth('admin', 'admin');
      else if (schemes.includes('bearer')) call = call.auth(admin, { type: 'bearer' });
      if (body !== undefined) call = call.send(body as object);
      else if (operation.requestBody?.required === true) {
        answers.push(`${operation.operationId}: no example request body`);
        continue;
      }
      const res = await call;
      if (res.status >= 300)
        answers.push(
          `${operation.operationId}: ${res.status} ${(res.body as Buffer).toString('latin1').slice(0, 300)}`,
        );
    }
    expect(answers).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(26);
  });
});
