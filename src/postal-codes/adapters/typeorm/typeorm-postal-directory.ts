import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { PostalCodeEntity } from '@app/erp-db';
import { queryPreparedNamed } from '../../../database/sql-gateway';
import { PostalCode, PostalDirectory, PostalImportResult } from '../../ports/postal-directory';

const TOWNS_SQL = `SELECT "OrtName" AS "OrtName" FROM "PLZVerzeichnis"
WHERE "OrtLand" = :country AND "OrtPLZ" = :postalCode ORDER BY "OrtName"`;

const key = (e: PostalCode): string => `${e.OrtLand}\u0000${e.OrtPLZ}\u0000${e.OrtName}`;

@Injectable()
export class TypeOrmPostalDirectory extends PostalDirectory {
  constructor(@InjectRepository(PostalCodeEntity) private readonly codes: Repository<PostalCodeEntity>) {
    super();
  }

  /** Every address a customer or order writes asks it: prepared. */
  async townsFor(country: string, postalCode: string): Promise<string[]> {
    const rows = await queryPreparedNamed<{ OrtName: string }>(this.codes.manager.connection, TOWNS_SQL, {
      country,
      postalCode,
    });
    return rows.map((r) => r.OrtName);
  }

  async load(entries: PostalCode[], replaceCountries: boolean): Promise<PostalImportResult> {
    const countries = [...new Set(entries.map((e) => e.OrtLand))];
    return this.codes.manager.transaction(async (m) => {
      const repo = m.getRepository(PostalCodeEntity);
      let deleted = 0;
      if (replaceCountries && countries.length > 0) {
        deleted = (await repo.delete({ OrtLand: In(countries) })).affected ?? 0;
      }
      const existing = new Set(
        (countries.length > 0 ? await repo.find({ where: { OrtLand: In(countries) } }) : []).map(key),
      );
      const fresh = new Map<string, PostalCode>();
      for (const e of entries) if (!existing.has(key(e))) fresh.set(key(e), e);
      const rows = [...fresh.values()];
      for (let i = 0; i < rows.length; i += 500) {
        await repo.insert(rows.slice(i, i + 500).map((r) => repo.create(r)));
      }
      return { inserted: rows.length, unchanged: entries.length - rows.length, deleted };
    });
  }
}
