import { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { ROOT, stopService } from './support/child-processes';
import { startNginx } from './support/nginx';
import { listeningPort } from './support/raw-http';
import { createTestApp, TestApp } from './support/test-app';

jest.setTimeout(120_000);

/** Debian's chromium (apt-get install chromium; .ci/run installs it). */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Swagger UI in a real browser: open /docs, authorize with a bearer token, "Try it out" on
 * GET /www/artikel and see a 200 with articles; directly and through docker/nginx.conf under /erp/.
 * A screenshot of each is kept under tmp/ (a CI artifact).
 */
describe('Swagger UI in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let direct = '';
  let proxied = '';
  let nginx: ChildProcess | undefined;
  let dir = '';

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    const port = await listeningPort(t);
    direct = `http://127.0.0.1:${port}`;
    dir = mkdtempSync(join(tmpdir(), 'erp-swagger-'));
    const started = await startNginx(dir, [`127.0.0.1:${port}`]);
    nginx = started.child;
    proxied = `${started.base}/erp`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    if (nginx) await stopService(nginx, 'SIGQUIT');
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  async function tryArticles(
    page: Page,
    base: string,
    screenshot: string,
  ): Promise<{ status: string; url: string; body: string }> {
    await page.goto(`${base}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();
    await page.locator('button.authorize').click();
    const bearer = page.locator('.auth-container', { hasText: 'bearer' });
    await bearer.locator('input').fill(await t.token());
    await bearer.locator('button.modal-btn.authorize').click();
    await page.locator('.dialog-ux button.btn-done').first().click();
    const operation = page.locator('.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/www/artikel"]'),
    });
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('tr[data-param-name="limit"] input').fill('2');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const live = operation.locator('.live-responses-table');
    const status = live.locator('tbody .response-col_status').first();
    await status.waitFor();
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'tmp', screenshot), fullPage: true });
    return {
      status: (await status.innerText()).trim(),
      url: (await operation.locator('.request-url pre').innerText()).trim(),
      body: await live.locator('tbody .response-col_description pre').first().innerText(),
    };
  }

  it('direct: authorize, Try it out on GET /www/artikel, 200 with data', async () => {
    const page = await browser.newPage();
    const answer = await tryArticles(page, direct, `swagger-ui-${t.config.dbType}.png`);
    expect(answer.status).toBe('200');
    expect(answer.url).toMatch(new RegExp(`^${direct}/www/artikel\\?.*limit=2`));
    expect((JSON.parse(answer.body) as { data: unknown[] }).data).toHaveLength(2);
  });

  it('through nginx under /erp/: the same, the request goes through the prefix', async () => {
    const page = await browser.newPage();
    const answer = await tryArticles(page, proxied, `swagger-ui-proxied-${t.config.dbType}.png`);
    expect(answer.status).toBe('200');
    expect(answer.url).toMatch(new RegExp(`^${proxied}/www/artikel\\?.*limit=2`));
    expect((JSON.parse(answer.body) as { data: unknown[] }).data).toHaveLength(2);
  });
});
