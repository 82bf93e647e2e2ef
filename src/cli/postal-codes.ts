import '../common/config/env-file';
import 'reflect-metadata';
import iconv from 'iconv-lite';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { erpDataSourceOptions, refreshStatistics } from '@app/erp-db';
import { loadAppConfigOrExit } from '../common/config/app-config';
import { erpDbSettings } from '../database/erp-db-settings';
import { TypeOrmPostalDirectory } from '../postal-codes/adapters/typeorm/typeorm-postal-directory';
import { parsePostalCodeCsv } from '../postal-codes/postal-code-csv';

const USAGE = `Usage: npm run postal-codes -- import <file.csv> [--replace] [--encoding utf-8|iso-8859-1|windows-1252]
  The file has a header line naming the columns OrtLand;OrtPLZ;OrtName (any order; ";", "," or tab
  separated; further columns ignored), then one postal code per line, e.g. "CH;8001;Zürich".
  Without --replace, entries missing from the directory are added; with --replace, the countries
  in the file get exactly the file's entries. The file is loaded in one transaction, and not at
  all when a line is invalid. The database is the service's: DB_TYPE, DB_PATH, DATABASE_URL (also from .env).`;

const ENCODINGS = new Map<string, string>([
  ['utf-8', 'utf8'],
  ['utf8', 'utf8'],
  ['iso-8859-1', 'latin1'],
  ['latin1', 'latin1'],
  ['windows-1252', 'win1252'],
  ['cp1252', 'win1252'],
]);

class UsageError extends Error {}

async function main(): Promise<void> {
  const config = loadAppConfigOrExit();
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false }, encoding: { type: 'string', default: 'utf-8' } },
  });
  const [command, file, ...rest] = positionals;
  if (command !== 'import' || !file || rest.length > 0) throw new UsageError(USAGE);
  const encoding = ENCODINGS.get(values.encoding.toLowerCase());
  if (!encoding) throw new UsageError(`Unknown --encoding ${values.encoding}.\n${USAGE}`);
  if (!existsSync(file)) throw new UsageError(`File not found: ${file}`);

  const parsed = parsePostalCodeCsv(iconv.decode(readFileSync(file), encoding));
  if (parsed.errors.length > 0) {
    const shown = parsed.errors.slice(0, 20);
    const more = parsed.errors.length - shown.length;
    throw new Error(
      `Nothing loaded: ${parsed.errors.length} invalid line(s) in ${file}:\n  ${shown.join('\n  ')}` +
        (more > 0 ? `\n  ... and ${more} more` : ''),
    );
  }
  const ds = await new DataSource(erpDataSourceOptions(erpDbSettings(config))).initialize();
  try {
    const directory = new TypeOrmPostalDirectory(ds);
    const result = await directory.load(parsed.entries, values.replace);
    // A bulk load: the planner's statistics are refreshed now, not whenever autovacuum comes.
    if (result.inserted + result.deleted > 0) await refreshStatistics(ds);
    const countries = [...new Set(parsed.entries.map((e) => e.OrtLand))].sort().join(', ') || '-';
    console.log(
      `Read ${parsed.entries.length} postal code(s) for ${countries}: ${result.inserted} added, ` +
        `${result.unchanged} already present, ${result.deleted} removed${values.replace ? ' (--replace)' : ''}.`,
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(e instanceof UsageError ? 2 : 1);
});
