import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DbType } from '@app/erp-db';

/**
 * The SQL every adapter sends, per database and variant, as committed in src/queries/*.sql: the
 * adapters run against a DataSource that records instead of connecting (recordingDatabase), and
 * the recorded text is compared with the files. `npm run sql:render` writes the files anew.
 */
const DIR = __dirname;
const RENDER = process.env.SQL_RENDER === 'write';
const NONE = '-- (no statement)\n';
const DIALECTS: DbType[] = ['sqlite', 'postgres', 'mssql'];

const HEADER = (type: DbType) =>
  `-- The ${type} statements the adapters send, in the order each call sends them.\n` +
  `-- Written by \`npm run sql:render\` (src/queries/sent-sql.spec.ts); do not edit by hand.\n`;

/** The statements of every adapter call on one database, each with the name of its call. */
async function sentOn(type: DbType): Promise<Array<{ feature: string; name: string; statements: string[] }>> {
  const calls: Array<{ feature: string; name: string; statements: string[] }> = [];
  const before = process.env.DB_TYPE;
  // The modules as the service loads them on that database: the entities' column types and the
  // parameter conversions are fixed at import from DB_TYPE.
  process.env.DB_TYPE = type;
  try {
    await jest.isolateModulesAsync(async () => {
      const { callsOn } = await import('../../test/support/adapter-calls');
      const { recordingDatabase } = await import('../../test/support/recording-databases');
      const sqliteConnections = await import('../database/sqlite-connection');
      const { dataSource, sent, sqlite, reader } = await recordingDatabase(type);
      jest.spyOn(sqliteConnections, 'sqliteConnection').mockReturnValue(sqlite);
      jest
        .spyOn(sqliteConnections, 'sqliteConnectionForReads')
        .mockReturnValue(type === 'sqlite' ? sqlite : null);
      for (const [feature, name, work] of callsOn(type, dataSource, reader)) {
        const from = sent.length;
        // A call that fails on a recorded answer (7 where a text or date belongs) has sent its statements.
        await work().catch(() => undefined);
        calls.push({ feature, name, statements: sent.slice(from) });
      }
    });
  } finally {
    if (before === undefined) delete process.env.DB_TYPE;
    else process.env.DB_TYPE = before;
    jest.restoreAllMocks();
  }
  return calls;
}

/** The text of each file: every call's statements, each after a comment naming the call. */
async function render(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const type of DIALECTS)
    for (const { feature, name, statements } of await sentOn(type)) {
      const file = `${feature}.${type}.sql`;
      const text = `-- ${name}\n${statements.length ? statements.map((sql) => `${sql.trim()};\n`).join('') : NONE}`;
      files.set(file, `${files.get(file) ?? HEADER(type)}\n${text}`);
    }
  return files;
}

describe('the committed SQL (src/queries/*.sql) is the SQL the adapters send', () => {
  let rendered: Map<string, string>;
  beforeAll(async () => {
    rendered = await render();
  });

  it('every file matches the statements the adapters send now (else: npm run sql:render)', () => {
    const committed = readdirSync(DIR).filter((f) => f.endsWith('.sql'));
    if (RENDER) {
      for (const file of committed) if (!rendered.has(file)) unlinkSync(join(DIR, file));
      for (const [file, text] of rendered) writeFileSync(join(DIR, file), text);
      return;
    }
    const differing = [...rendered]
      .filter(([file, text]) => !committed.includes(file) || readFileSync(join(DIR, file), 'utf8') !== text)
      .map(([file]) => file)
      .concat(committed.filter((file) => !rendered.has(file)));
    if (differing.length > 0)
      throw new Error(
        `The SQL the adapters send differs from src/queries/ in ${differing.join(', ')}: ` +
          'run `npm run sql:render` and commit the files (their diff shows which statements changed).',
      );
  });

  it('every call sends at least one statement on every database', () => {
    const silent = [...rendered].flatMap(([file, text]) =>
      text.includes('-- (no statement)')
        ? [`${file}: ${/-- ([^\n]+)\n-- \(no statement\)/.exec(text)?.[1]}`]
        : [],
    );
    expect(silent).toEqual([]);
  });
});
