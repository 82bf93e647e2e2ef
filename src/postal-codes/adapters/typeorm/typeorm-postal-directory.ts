import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CHUNK } from '../../../database/batch-writer';
import { queryNamed, queryPreparedNamed } from '../../../database/sql-gateway';
import { PostalCode, PostalDirectory, PostalImportResult } from '../../ports/postal-directory';

const TOWNS_SQL = `SELECT "OrtName" AS "OrtName" FROM "PLZVerzeichnis"
WHERE "OrtLand" = :country AND "OrtPLZ" = :postalCode ORDER BY "OrtName"`;

const COUNTRIES_SQL = `SELECT "OrtLand" AS "OrtLand", "OrtPLZ" AS "OrtPLZ", "OrtName" AS "OrtName"
FROM "PLZVerzeichnis" WHERE "OrtLand" IN (:...countries)`;

const DELETE_COUNTRIES_SQL = 'DELETE FROM "PLZVerzeichnis" WHERE "OrtLand" IN (:...countries)';

const key = (e: PostalCode): string => `${e.OrtLand}\u0000${e.OrtPLZ}\u0000${e.OrtName}`;

@Injectable()
export class TypeOrmPostalDirectory extends PostalDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  /** Every address a customer or order writes asks it: prepared. */
  async townsFor(country: string, postalCode: string): Promise<string[]> {
    const rows = await queryPreparedNamed<{ OrtName: string }>(this.dataSource, TOWNS_SQL, {
      country,
      postalCode,
    });
    return rows.map((r) => r.OrtName);
  }

  /**
   * One transaction (the import CLI runs alone, so SQLite's shared connection holds no other
   * request's statements): the countries' old entries go first with `replaceCountries`, then the
   * entries not there yet are inserted, CHUNK rows a statement.
   */
  async load(entries: PostalCode[], replaceCountries: boolean): Promise<PostalImportResult> {
    const countries = [...new Set(entries.map((e) => e.OrtLand))];
    return this.dataSource.transaction(async (m) => {
      const present = countries.length > 0 ? await this.inCountries(m, COUNTRIES_SQL, countries) : [];
      const deleted = replaceCountries ? present.length : 0;
      if (deleted > 0) await this.inCountries(m, DELETE_COUNTRIES_SQL, countries);
      const existing = new Set(replaceCountries ? [] : present.map(key));
      const fresh = new Map<string, PostalCode>();
      for (const e of entries) if (!existing.has(key(e))) fresh.set(key(e), e);
      const rows = [...fresh.values()];
      for (let i = 0; i < rows.length; i += CHUNK) await insert(m, rows.slice(i, i + CHUNK));
      return { inserted: rows.length, unchanged: entries.length - rows.length, deleted };
    });
  }

  private async inCountries(m: EntityManager, sql: string, countries: string[]): Promise<PostalCode[]> {
    const found: PostalCode[] = [];
    for (let i = 0; i < countries.length; i += CHUNK)
      found.push(...(await queryNamed<PostalCode>(m, sql, { countries: countries.slice(i, i + CHUNK) })));
    return found;
  }
}

/** One multi-row INSERT of postal codes. */
function insert(m: EntityManager, rows: PostalCode[]): Promise<unknown> {
  const params: Record<string, string> = {};
  const values = rows.map((r, i) => {
    params[`l${i}`] = r.OrtLand;
    params[`p${i}`] = r.OrtPLZ;
    params[`n${i}`] = r.OrtName;
    return `(:l${i}, :p${i}, :n${i})`;
  });
  return queryNamed(
    m,
    `INSERT INTO "PLZVerzeichnis" ("OrtLand", "OrtPLZ", "OrtName") VALUES ${values.join(', ')}`,
    params,
  );
}
