import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

// Bind-parameter limits per statement: SQL Server 2100, SQLite 32766, PostgreSQL 65535.
const MAX_PARAMS: Record<string, number> = { mssql: 2000, 'better-sqlite3': 30000, postgres: 60000 };

/** How many rows of `columns` values one multi-row statement may carry on this database. */
export function rowsPerStatement(db: DataSource | EntityManager, columns: number): number {
  const driver = db instanceof DataSource ? db.options.type : db.connection.options.type;
  return Math.max(1, Math.min(1000, Math.floor((MAX_PARAMS[driver] ?? 2000) / columns)));
}

/** Inserts rows in multi-row statements sized to the database's parameter limit. */
export async function bulkInsert<T extends ObjectLiteral>(
  db: DataSource | EntityManager,
  target: EntityTarget<T>,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = rowsPerStatement(db, Object.keys(rows[0]).length);
  for (let i = 0; i < rows.length; i += perStatement) {
    await db
      .createQueryBuilder()
      .insert()
      .into(target)
      .values(rows.slice(i, i + perStatement))
      .updateEntity(false)
      .execute();
  }
}
