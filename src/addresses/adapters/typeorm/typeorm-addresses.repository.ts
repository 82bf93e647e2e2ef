import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AddressEntity,
  addressSearchKey,
  DbType,
  dbTypeOf,
  INDEXED_SEARCH_FIELDS,
  mssqlSearchColumn,
} from '@app/erp-db';
import { AppConfig } from '../../../common/config/app-config';
import { asEntity, queryNamed, queryPreparedNamed, selectFirst } from '../../../database/sql-gateway';
import { nextChangeStamp, stampAsRead } from '../../../database/change-stamps';
import { Row, BatchWriter } from '../../../database/batch-writer';
import { customerInWebshop, customerWebshopParams } from '../../../scope/web-shop-release';
import {
  ADDRESS_FIELDS,
  AddressChanged,
  AddressScanTimedOut,
  AddressChanges,
  AddressCriteria,
  AddressesRepository,
  AddressRecord,
  AddressSearchResult,
  CustomerAddresses,
  StoredAddress,
} from '../../ports/addresses.repository';

const ADDRESS_COLUMNS: Array<keyof AddressRecord> = ['AdrNr', ...ADDRESS_FIELDS];

/** One address with its change stamp. */
const ADDRESS_SQL = `SELECT ${[...ADDRESS_COLUMNS, 'GeaendertAm'].map((c) => `a."${c}" AS "${c}"`).join(', ')}
FROM "Adressen" a WHERE a."AdrNr" = :adrNr`;

/**
 * A customer's address roles and the addresses they point at, one row per address (one row with
 * NULL address columns when none of them exists).
 */
const CUSTOMER_ADDRESSES_SQL = `SELECT d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief",
  d."KundRech" AS "KundRech", ${ADDRESS_COLUMNS.map((c) => `a."${c}" AS "${c}"`).join(', ')}
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" IN (d."KundKontakt", d."KundLief", d."KundRech")
WHERE d."DebiNr" = :debiNr`;
/** The same for a web-shop user: no rows for a customer outside its web shop (D12). */
const CUSTOMER_ADDRESSES_IN_WEBSHOP_SQL = `${CUSTOMER_ADDRESSES_SQL} AND ${customerInWebshop('d."DebiNr"')}`;

function unchangedAddress(adrNr: number, expected: StoredAddress): Row {
  const where: Row = { AdrNr: adrNr };
  for (const c of ADDRESS_FIELDS) where[c] = expected.address[c];
  where.GeaendertAm = stampAsRead(expected.changedAt);
  return where;
}

function toRecord(e: AddressEntity): AddressRecord {
  const r = {} as Record<string, unknown>;
  for (const c of ADDRESS_COLUMNS) r[c] = e[c];
  return r as unknown as AddressRecord;
}

@Injectable()
export class TypeOrmAddressesRepository extends AddressesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly writes: BatchWriter,
  ) {
    super();
  }

  async findByNr(adrNr: number): Promise<StoredAddress | null> {
    const [row] = await queryNamed<Record<string, unknown>>(this.dataSource, ADDRESS_SQL, { adrNr });
    if (!row) return null;
    const e = asEntity(this.dataSource, AddressEntity, row);
    return { address: toRecord(e), changedAt: e.GeaendertAm };
  }

  async customerAddresses(debiNr: string, webshop: string | null): Promise<CustomerAddresses | null> {
    const rows = await queryPreparedNamed<Record<string, unknown>>(
      this.dataSource,
      webshop === null ? CUSTOMER_ADDRESSES_SQL : CUSTOMER_ADDRESSES_IN_WEBSHOP_SQL,
      { debiNr, ...customerWebshopParams(this.config, webshop) },
    );
    if (rows.length === 0) return null;
    const { KundKontakt, KundLief, KundRech } = rows[0];
    return {
      keys: {
        DebiNr: debiNr,
        KundKontakt: Number(KundKontakt),
        KundLief: Number(KundLief),
        KundRech: Number(KundRech),
      },
      addresses: rows.flatMap((row) =>
        row.AdrNr === null ? [] : [toRecord(asEntity(this.dataSource, AddressEntity, row))],
      ),
    };
  }

  async update(adrNr: number, changes: AddressChanges, expected?: StoredAddress): Promise<boolean> {
    const { counts } = await this.writes.write({
      steps: [
        {
          kind: 'update',
          target: AddressEntity,
          set: { ...changes, GeaendertAm: nextChangeStamp(expected?.changedAt) },
          // Conditional: the row still shows what was read and has the stamp read (see
          // unchangedCustomer in the customers' adapter); the UPDATE checks it on the row it locks.
          where: expected ? unchangedAddress(adrNr, expected) : { AdrNr: adrNr },
          ...(expected ? { expectRows: 1, otherwise: () => new AddressChanged() } : {}),
        },
      ],
      // Which fields a client changes varies, and so does the statement text.
      doNotPrepare: true,
    });
    return counts[0] > 0;
  }

  async searchCustomer(criteria: AddressCriteria, webshop: string | null): Promise<AddressSearchResult> {
    const db = dbTypeOf(this.dataSource.options.type);
    const params: Record<string, string> = customerWebshopParams(this.config, webshop);
    const conditions = Object.entries(criteria).map(([field, value], i) => {
      params[`v${i}`] = (value ?? '').trim().toLowerCase();
      // field comes from the query DTO's whitelist of address fields, never from free text
      return `${searchForm(db, field)} = :v${i}`;
    });
    const sql = selectFirst(
      this.dataSource,
      `u.*, COUNT(*) OVER () AS "n" FROM (${customersSql(conditions, webshop !== null)}) u`,
    );
    const indexed = Object.keys(criteria).some((f) =>
      (INDEXED_SEARCH_FIELDS as readonly string[]).includes(f),
    );
    const rows =
      indexed || db !== 'postgres'
        ? await queryNamed<SearchRow>(this.dataSource, sql, params)
        : await this.scan(sql, params);
    if (rows.length === 0) return { count: 0, customer: null };
    const c = rows[0];
    const count = Number(c.n);
    if (count > 1) return { count, customer: null };
    return {
      count,
      customer: {
        DebiNr: c.DebiNr,
        KundKontakt: Number(c.KundKontakt),
        KundLief: Number(c.KundLief),
        KundRech: Number(c.KundRech),
      },
    };
  }

  /**
   * A search by unindexed fields only reads every address: on PostgreSQL it gets at most
   * ADDRESS_SCAN_TIMEOUT_MS, then fails with AddressScanTimedOut (503, D13) instead of holding a
   * connection for minutes.
   * SQLite cannot interrupt a statement of its one connection; there the scan runs to its end.
   */
  private async scan(sql: string, params: Record<string, string>): Promise<SearchRow[]> {
    try {
      return await this.dataSource.transaction(async (m) => {
        await queryNamed(m, `SELECT set_config('statement_timeout', :timeout, true)`, {
          timeout: String(this.config.addressScanTimeoutMs),
        });
        return queryNamed<SearchRow>(m, sql, params);
      });
    } catch (err) {
      if ((err as { driverError?: { code?: string } }).driverError?.code !== QUERY_CANCELED) throw err;
      throw new AddressScanTimedOut();
    }
  }
}

/** PostgreSQL's code of a statement cancelled by its statement_timeout. */
const QUERY_CANCELED = '57014';

interface SearchRow {
  DebiNr: string;
  KundKontakt: number | string;
  KundLief: number | string;
  KundRech: number | string;
  n: number | string;
}

/** The search form of `a.<field>`: on SQL Server the indexed computed column where there is one. */
function searchForm(db: DbType, field: string): string {
  if (db === 'mssql' && (INDEXED_SEARCH_FIELDS as readonly string[]).includes(field))
    return `a."${mssqlSearchColumn(field)}"`;
  return addressSearchKey(db, `a."${field}"`);
}

/**
 * The distinct customers with an address matching every condition in a role: one look-up per
 * role column through its index (IX_Debitor_KundKontakt/KundLief/KundRech), from the addresses the
 * search indexes found, instead of one join over every customer with OR. `inShop`: only those of
 * the user's web shop (D12), tested on each candidate's own attribute row (customerInWebshop).
 */
function customersSql(conditions: string[], inShop: boolean): string {
  const matching = `SELECT a."AdrNr" FROM "Adressen" a WHERE ${conditions.join(' AND ')}`;
  const shop = inShop ? ` AND ${customerInWebshop('d."DebiNr"')}` : '';
  return ROLE_COLUMNS.map(
    (role) =>
      `SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", ` +
      `d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."${role}" IN (${matching})${shop}`,
  ).join(' UNION ');
}

const ROLE_COLUMNS = ['KundKontakt', 'KundLief', 'KundRech'] as const;
