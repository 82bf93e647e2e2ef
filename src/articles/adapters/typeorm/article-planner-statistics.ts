import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { queryNamed } from '../../../database/sql-gateway';

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
 * The tables of `:tables` without planner statistics: never analysed (`reltuples` -1 from PostgreSQL
 * 14 on, else no analysis on record) or with rows but no column statistics (deleted, or a bulk
 * load whose indexes counted the rows). An analysed empty table has neither and is not listed.
 */
const UNANALYSED_SQL = `
SELECT c.relname AS "table"
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid
WHERE n.nspname = current_schema() AND c.relname IN (:...tables)
  AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname)
  AND (c.reltuples <> 0
    OR (current_setting('server_version_num')::int < 140000
      AND t.last_analyze IS NULL AND t.last_autoanalyze IS NULL))
ORDER BY c.relname`;

/** On PostgreSQL, the article list's plans come from planner statistics; this checks they exist. */
@Injectable()
export class ArticlePlannerStatistics implements OnApplicationBootstrap {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * Warns once when the article list's tables have no planner statistics: the planner would then
   * guess their sizes and may scan whole tables for a page.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.dbType !== 'postgres') return;
    let tables: string[];
    try {
      const rows = await queryNamed<{ table: string }>(this.dataSource, UNANALYSED_SQL, {
        tables: ARTICLE_LIST_TABLES,
      });
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
