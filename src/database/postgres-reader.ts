import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { positionalParameters } from './named-parameters';
import { preparedTextsOf, published } from './sql-gateway';
import { KeyList, ReadStatement, SqlReader } from './sql-reader';

/** The tables the article list reads, whose plans need planner statistics. */
export const ARTICLE_LIST_TABLES = [
  'Artikel',
  'ArtikelText',
  'Attribut',
  'Preis',
  'PreisListe',
  'Lagerbestand',
  'Reservierung',
  'ArtikelVPE',
];

/**
 * The tables of `$1` without planner statistics: never analysed (`reltuples` -1 from PostgreSQL
 * 14 on, else no analysis on record) or with rows but no column statistics (deleted, or a bulk
 * load whose indexes counted the rows). An analysed empty table has neither and is not listed.
 */
const UNANALYSED_SQL = `
SELECT c.relname AS "table"
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid
WHERE n.nspname = current_schema() AND c.relname = ANY($1)
  AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)
  AND (c.reltuples <> 0
    OR (current_setting('server_version_num')::int < 140000
      AND t.last_analyze IS NULL AND t.last_autoanalyze IS NULL))
ORDER BY c.relname`;

/**
 * SqlReader of PostgreSQL on the DataSource's pool: rows as value arrays, the texts prepared as the
 * SQL gateway prepares them (the same names on the same connections).
 */
export class PostgresReader extends SqlReader implements OnApplicationBootstrap {
  private readonly logger = new Logger('Database');

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  private async rows(s: ReadStatement): Promise<unknown[][]> {
    const [text, values] = positionalParameters(s.sql, s.params, '$n');
    const name = preparedTextsOf(this.dataSource).nameOf(text);
    return (await this.pool.query({ text, values, rowMode: 'array', ...(name ? { name } : {}) }))
      .rows as unknown[][];
  }

  read(statements: ReadStatement[]): Promise<unknown[][][]> {
    for (const s of statements) published(s.sql);
    return Promise.all(statements.map((s) => this.rows(s)));
  }

  async keys(statement: ReadStatement): Promise<KeyList> {
    published(statement.sql);
    return KeyList.of((await this.rows(statement)).map((row) => String(row[0])));
  }

  /**
   * Warns once when the article list's tables have no planner statistics: the planner would then
   * guess their sizes and may scan whole tables for a page.
   */
  async onApplicationBootstrap(): Promise<void> {
    let tables: string[];
    try {
      const { rows } = await this.pool.query<{ table: string }>(UNANALYSED_SQL, [ARTICLE_LIST_TABLES]);
      tables = rows.map((r) => r.table);
    } catch {
      return; // advice only: a database not reachable yet fails the requests, not the start
    }
    if (tables.length > 0)
      this.logger.warn(
        `no planner statistics for ${tables.join(', ')}: the article list's queries may scan whole ` +
          'tables; run ANALYZE on the database (after a bulk load, VACUUM (ANALYZE))',
      );
  }
}
