import { QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';
import { Query } from 'typeorm/driver/Query';
import { columnType, dbTypeOf } from '../dialect';

type Kind = 'int' | 'str' | 'text' | 'dec' | 'ts' | 'bin';

interface ColumnSpec {
  name: string;
  kind: Kind;
  length?: number;
  precision?: number;
  scale?: number;
  nullable?: boolean;
  primary?: boolean;
  generated?: boolean;
  unique?: boolean;
  default?: string | number;
}

/** Column helpers for migrations: `str('AdrName', 36, { nullable: true })` etc. */
export const int = (name: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, kind: 'int', ...o });
export const str = (name: string, length: number, o: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name,
  kind: 'str',
  length,
  ...o,
});
export const txt = (name: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, kind: 'text', ...o });
export const dec = (
  name: string,
  precision: number,
  scale: number,
  o: Partial<ColumnSpec> = {},
): ColumnSpec => ({
  name,
  kind: 'dec',
  precision,
  scale,
  ...o,
});
export const ts = (name: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, kind: 'ts', ...o });
export const bin = (name: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, kind: 'bin', ...o });

/** Translates a column spec into the DDL types of the connected database. */
function toTableColumn(driver: string, c: ColumnSpec): TableColumnOptions {
  const db = dbTypeOf(driver);
  const mssql = db === 'mssql';
  const base: TableColumnOptions = {
    name: c.name,
    type: 'integer',
    isNullable: c.nullable ?? false,
    isPrimary: c.primary ?? false,
    isUnique: c.unique ?? false,
  };
  if (c.default !== undefined) base.default = typeof c.default === 'string' ? `'${c.default}'` : c.default;
  switch (c.kind) {
    case 'int':
      return c.generated
        ? { ...base, type: mssql ? 'int' : 'integer', isGenerated: true, generationStrategy: 'increment' }
        : { ...base, type: mssql ? 'int' : 'integer' };
    case 'str':
      return { ...base, type: columnType('str', db).type as string, length: String(c.length) };
    case 'dec':
      return { ...base, type: 'decimal', precision: c.precision, scale: c.scale };
    case 'text':
    case 'ts':
    case 'bin': {
      const { type, length } = columnType(c.kind, db);
      return length ? { ...base, type: type as string, length } : { ...base, type: type as string };
    }
  }
}

interface IndexSpec {
  name: string;
  columns: string[];
  unique?: boolean;
  /** Filter of a partial index; identifiers in double quotes work on all three databases. */
  where?: string;
}

export async function createTable(
  queryRunner: QueryRunner,
  name: string,
  columns: ColumnSpec[],
  indices: IndexSpec[] = [],
): Promise<void> {
  const driver = queryRunner.connection.options.type;
  await queryRunner.createTable(
    new Table({
      name,
      columns: columns.map((c) => toTableColumn(driver, c)),
      indices: indices.map(
        (i) => new TableIndex({ name: i.name, columnNames: i.columns, isUnique: i.unique, where: i.where }),
      ),
    }),
  );
}

/**
 * Runs a data statement of a migration, or records it while the runner only collects SQL
 * (`enableSqlMemory()`, used to render the SQL Server DDL without a server).
 */
export async function runSql(queryRunner: QueryRunner, sql: string): Promise<void> {
  if ((queryRunner as unknown as { sqlMemoryMode?: boolean }).sqlMemoryMode) {
    queryRunner.getMemorySql().upQueries.push(new Query(sql));
    return;
  }
  await queryRunner.query(sql);
}
