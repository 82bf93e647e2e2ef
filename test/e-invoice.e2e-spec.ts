import { createHash } from 'crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'fs';
import { join } from 'path';
import request from 'supertest';
import { extract } from '@app/zugferd';
import { readCorpusFile } from '../libs/zugferd/test/corpus';
import { PdfTools } from '../libs/zugferd/test/pdf-tools';
import { bytes, createTestApp, json, TestApp } from './support/test-app';
import { eventually } from './support/webhook-receiver';

const idealPdf = readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf');
const einfachXml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml');
const base64 = (data: Buffer | string): string => Buffer.from(data).toString('base64');
const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

jest.setTimeout(60_000);

describe('POST /www/zugferd', () => {
  let t: TestApp;
  let token: string;
  const tools = new PdfTools();

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token();
  });
  afterAll(async () => {
    tools.remove();
    await t.close();
  });

  const post = (body: unknown) =>
    request(t.server)
      .post('/www/zugferd')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  describe('Combine', () => {
    it('answers with a PDF/A-3 e-invoice that carries the XML as factur-x.xml', async () => {
      const res = await post({ Operation: 'Combine', PDF: base64(idealPdf), XML: base64(einfachXml) })
        .parse(bytes)
        .expect(200);

      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.body as Buffer;
      const path = tools.store(pdf);
      expect(tools.qpdfCheck(path).ok).toBe(true);
      expect(tools.attachmentNames(path)).toEqual(['factur-x.xml']);
      expect(Buffer.compare(Buffer.from((await extract(pdf)).xml), einfachXml)).toBe(0);
    });

    it('handles a 4 MB PDF', async () => {
      const large = readCorpusFile('pdf-plain/plain_pdflib_linearized_with_object_streams.pdf');
      expect(large.length).toBeGreaterThan(4_000_000);

      const res = await post({ Operation: 'Combine', PDF: base64(large), XML: base64(einfachXml) })
        .parse(bytes)
        .expect(200);

      expect(tools.attachmentNames(tools.store(res.body as Buffer))).toEqual(['factur-x.xml']);
    });
  });

  describe('Extract', () => {
    it('answers with the embedded XML as application/xml', async () => {
      const res = await post({
        Operation: 'Extract',
        PDF: base64(readCorpusFile('pdf-with-xml/zf20_intarsys_MINIMUM.pdf')),
      })
        .parse(bytes)
        .expect(200);

      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="zugferd-invoice.xml"');
      expect(sha256(res.body as Buffer)).toBe(
        '7b6a0a3f118d8408229e32a63bb5971841f3889472620f4812238b5cb81fb24e',
      );
    });
  });

  describe('errors: 400 with the documented body', () => {
    it.each([
      ['a PDF without invoice', { Operation: 'Extract', PDF: base64(idealPdf) }, /no invoice XML/],
      [
        'an encrypted PDF',
        { Operation: 'Extract', PDF: base64(readCorpusFile('pdf-plain/plain_pdflib_encrypted_old.pdf')) },
        /encrypted/,
      ],
      ['a file that is not a PDF', { Operation: 'Extract', PDF: base64('just text') }, /not a PDF/],
      ['a corrupt PDF', { Operation: 'Extract', PDF: base64(idealPdf.subarray(0, 500)) }, /damaged|no page/],
      [
        'an XML that is not XML',
        { Operation: 'Combine', PDF: base64(idealPdf), XML: base64('no xml') },
        /not XML/,
      ],
      [
        'a UBL invoice',
        {
          Operation: 'Combine',
          PDF: base64(idealPdf),
          XML: base64(readCorpusFile('xml-ubl/EN16931_Einfach.ubl.xml')),
        },
        /UBL/,
      ],
      ['wrong Base64', { Operation: 'Extract', PDF: '%%% not base64 %%%' }, /PDF is not valid Base64/],
      ['a missing PDF', { Operation: 'Extract' }, /PDF must be a string/],
      [
        'a missing XML for Combine',
        { Operation: 'Combine', PDF: base64(idealPdf) },
        /XML .* is required for Combine/,
      ],
      ['an unknown Operation', { Operation: 'Split', PDF: base64(idealPdf) }, /Operation must be one of/],
      [
        'an unknown field',
        { Operation: 'Extract', PDF: base64(idealPdf), Password: 'x' },
        /Password should not exist/,
      ],
      ['an array body', [1, 2], /JSON object/],
    ])('%s', async (_case, body, description) => {
      const res = await post(body).parse(json).expect(400);

      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        error: 'endpoint',
        error_description: expect.stringMatching(description),
        info: {
          filename: expect.stringMatching(/^[0-9a-f-]{36}\/input\.pdf$/),
          subprocess_output: expect.any(Array),
        },
      });
      const steps = (res.body as { info: { subprocess_output: string[] } }).info.subprocess_output;
      expect(steps[steps.length - 1]).toMatch(/^failed: /);
    });
  });

  it('requires a bearer token', async () => {
    const res = await request(t.server)
      .post('/www/zugferd')
      .send({ Operation: 'Extract', PDF: '' })
      .parse(json)
      .expect(401);

    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('allows OPTIONS', async () => {
    const res = await request(t.server).options('/www/zugferd').expect(204);

    expect(res.headers.allow).toBe('POST, OPTIONS');
  });

  it('Debug from a shop user: 400 with the e-invoice error body, no work files kept', async () => {
    const res = await post({
      Operation: 'Combine',
      PDF: base64(idealPdf),
      XML: base64(einfachXml),
      Debug: true,
    })
      .parse(json)
      .expect(400);
    expect(res.body).toMatchObject({
      error: 'endpoint',
      error_description: 'Debug is reserved to role admin (or ZUGFERD_DEBUG_ALLOWED=true).',
      info: {
        subprocess_output: expect.arrayContaining([
          'failed: Debug (keeping the work files) is reserved to role admin',
        ]),
      },
    });
    expect(existsSync(t.config.zugferdWorkDir) ? readdirSync(t.config.zugferdWorkDir) : []).toEqual([]);
  });

  it('Debug (role admin) keeps the work files in the configured directory', async () => {
    // A job folder from two days ago (older than ZUGFERD_DEBUG_RETENTION_HOURS, 24) and a folder
    // that is not a job's: keeping the new job removes the first only.
    const workDir = t.config.zugferdWorkDir;
    const stale = join(workDir, '00000000-0000-4000-8000-000000000000');
    const foreign = join(workDir, 'keep-me');
    for (const dir of [stale, foreign]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'steps.txt'), 'old');
      const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
      utimesSync(dir, twoDaysAgo, twoDaysAgo);
    }
    await request(t.server)
      .post('/www/zugferd')
      .set('Authorization', `Bearer ${await t.token('admin')}`)
      .send({ Operation: 'Combine', PDF: base64(idealPdf), XML: base64(einfachXml), Debug: true })
      .expect(200);

    expect(existsSync(stale)).toBe(false);
    rmSync(foreign, { recursive: true });
    const jobs = readdirSync(workDir);
    expect(jobs).toHaveLength(1);
    const files = readdirSync(join(workDir, jobs[0])).sort();
    expect(files).toEqual(['input.pdf', 'input.xml', 'output.pdf', 'steps.txt']);
    expect(readFileSync(join(workDir, jobs[0], 'steps.txt'), 'utf8')).toContain('embedded factur-x.xml');
  });

  it('Verbose writes the steps, never the Base64 payload, to the service log', async () => {
    await post({
      Operation: 'Combine',
      PDF: base64(idealPdf),
      XML: base64(einfachXml),
      Verbose: true,
    }).expect(200);
    const logDir = t.config.logDir;
    const serviceLog = () =>
      existsSync(logDir)
        ? readdirSync(logDir)
            .filter((name) => !name.startsWith('zugferd'))
            .map((name) => readFileSync(join(logDir, name), 'utf8'))
            .join('\n')
        : '';
    // Log files are written asynchronously.
    let log = '';
    await eventually(
      () => (log = serviceLog()).includes('embedded factur-x.xml'),
      10_000,
      'the steps logged',
    );
    expect(log).not.toContain(base64(einfachXml).slice(0, 64));
  });
});
