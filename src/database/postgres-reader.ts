import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { positionalParameters } from './named-parameters';
import { preparedTextsOf, published } from './sql-gateway';
import { KeyList, ReadStatement, BulkReader } from './bulk-reader';

/**
 * BulkReader of PostgreSQL on the DataSource's pool: rows as value arrays, the texts prepared as the
 * SQL gateway prepares them (the same names on the same connections).
 */
export class PostgresReader extends BulkReader {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  private async rows(s: ReadStatement): Promise<unknown[][]> {
    const [text, values] = positionalParameters(s.sql, s.params, 'postgres');
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
}
