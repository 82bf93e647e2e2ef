import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import iconv from 'iconv-lite';
import request from 'supertest';
import { createTestApp, json, TestApp } from './support/test-app';

const run = promisify(execFile);

describe('postal-code directory: npm run postal-codes -- import <file.csv>, used by AdrCheck', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'erp-plz-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command the way an operator does, against the test app's database. */
  async function importCsv(
    content: Buffer,
    ...options: string[]
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const file = join(dir, `plz-${Date.now()}.csv`);
    writeFileSync(file, content);
    const env = {
      ...process.env,
      DB_TYPE: t.config.dbType,
      DB_PATH: t.config.dbPath,
      DATABASE_URL: t.config.databaseUrl ?? '',
      TS_NODE_TRANSPILE_ONLY: 'true',
    };
    try {
      const { stdout, stderr } = await run(
        'npm',
        ['run', '-s', 'postal-codes', '--', 'import', file, ...options],
        {
          env,
          cwd: join(__dirname, '..'),
        },
      );
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  const directory = async (country: string): Promise<string[]> => {
    const p = t.dataSource.options.type === 'postgres' ? '$1' : '?';
    const rows = await t.dataSource.query<Array<{ OrtPLZ: string; OrtName: string }>>(
      `SELECT "OrtPLZ", "OrtName" FROM "PLZVerzeichnis" WHERE "OrtLand" = ${p} ORDER BY "OrtPLZ", "OrtName"`,
      [country],
    );
    return rows.map((r) => `${r.OrtPLZ} ${r.OrtName}`);
  };

  const postCustomer = async (OrtPLZ: string, OrtName: string) =>
    request(t.server)
      .post('/www/kunden')
      .auth(await t.token(), { type: 'bearer' })
      .send({
        GrundDaten: { WaehrAbk: 'CHF', FAKTZahlArt: 'L' },
        Adressen: {
          KontaktAdr: {
            AdrSprache: 'ger',
            AdrAnrede: 0,
            AdrAdresse1: 'Dorf 1',
            OrtLand: 'CH',
            OrtName,
            OrtPLZ,
            AdrFirma: 'Neu AG',
          },
        },
      })
      .parse(json);

  it('loads a Latin-1 file, after which AdrCheck knows and corrects the new codes', async () => {
    expect((await postCustomer('7099', 'testhausen')).status).toBe(422);
    const csv =
      'OrtLand;OrtPLZ;OrtName\nCH;7099;Testhausen\nCH;7099;Prüfstetten\nAT;1010;Wien\nCH;8001;Zürich\n';
    const result = await importCsv(iconv.encode(csv, 'latin1'), '--encoding', 'iso-8859-1');
    expect(result).toMatchObject({
      code: 0,
      stdout: 'Read 4 postal code(s) for AT, CH: 3 added, 1 already present, 0 removed.\n',
    });
    expect(await directory('AT')).toEqual(['1010 Wien']);

    const created = await postCustomer('7099', 'pruefstetten');
    expect(created.status).toBe(201);
    const p = t.dataSource.options.type === 'postgres' ? '$1' : '?';
    const [row] = await t.dataSource.query(
      `SELECT a."OrtName" FROM "Debitor" d JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt" WHERE d."DebiNr" = ${p}`,
      [created.body.data.DebiNr],
    );
    expect(row.OrtName).toBe('Prüfstetten');
  }, 120000);

  it('--replace makes the file the directory of its countries; other countries stay', async () => {
    const before = await directory('CH');
    const result = await importCsv(
      Buffer.from('OrtPLZ,OrtName,OrtLand\n1020,Wien,AT\n1030,"Wien, Landstraße",AT\n'),
      '--replace',
    );
    expect(result).toMatchObject({
      code: 0,
      stdout: 'Read 2 postal code(s) for AT: 2 added, 0 already present, 1 removed (--replace).\n',
    });
    expect(await directory('AT')).toEqual(['1020 Wien', '1030 Wien, Landstraße']);
    expect(await directory('CH')).toEqual(before);
  }, 120000);

  it('a file with an invalid line loads nothing and exits 1 naming the line', async () => {
    const before = await directory('AT');
    const result = await importCsv(Buffer.from('OrtLand;OrtPLZ;OrtName\nAT;1040;Wien\nXX;1;Nirgendwo\n'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Line 3: OrtLand "XX" is not an ISO 3166-1 alpha-2 country code.');
    expect(await directory('AT')).toEqual(before);
  }, 120000);
});
