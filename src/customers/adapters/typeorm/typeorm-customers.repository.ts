import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AddressEntity, AttributeEntity, CustomerEntity, readTimestamp } from '@app/erp-db';
import { addressRow } from '../../../addresses/address-row';
import { NewAddress } from '../../../addresses/ports/addresses.repository';
import { AppConfig } from '../../../common/config/app-config';
import { queryNamed, queryPreparedNamed, selectFirst } from '../../../database/sql-gateway';
import { nextChangeStamp, stampAsRead } from '../../../database/change-stamps';
import {
  BatchStep,
  DRAWN_NUMBER,
  GeneratedKey,
  NumberedKey,
  Row,
  BatchWriter,
} from '../../../database/batch-writer';
import type { PendingEvent } from '../../../events/erp-events';
import { customerInWebshop, customerWebshopParams } from '../../../scope/web-shop-release';
import {
  CUSTOMER_FIELDS,
  CustomerChanged,
  CustomerFields,
  CustomerOrder,
  CustomerRecord,
  CustomersRepository,
  CustomerWithAttributes,
  NewCustomerAddresses,
} from '../../ports/customers.repository';

const CUSTOMER_RANGE = 'DEBITOR';

/** The Debitor columns of a CustomerRecord (the language comes from the contact address). */
const CUSTOMER_COLUMNS: Array<Exclude<keyof CustomerRecord, 'AdrSprache'>> = [
  'DebiNr',
  ...CUSTOMER_FIELDS,
  'KundKontakt',
  'KundLief',
  'KundRech',
];
/**
 * The customer, the language of its contact address and its attributes in order, one row per
 * attribute (one row with PHKey NULL when it has none): a customer's record in one statement.
 */
const CUSTOMER_READ = `SELECT ${CUSTOMER_COLUMNS.map((c) => `d."${c}" AS "${c}"`).join(', ')},
  d."GeaendertAm" AS "GeaendertAm", a."AdrSprache" AS "AdrSprache", t."PHKey" AS "PHKey", t."Contents" AS "Contents"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt"
LEFT JOIN "Attribut" t ON t."ObjTyp" = 'DEBI' AND t."ObjKey" = d."DebiNr"
WHERE d."DebiNr" = :debiNr`;
const ATTRIBUTE_ORDER = ' ORDER BY t."PHKey", t."AttrID"';
const CUSTOMER_SQL = CUSTOMER_READ + ATTRIBUTE_ORDER;
/** The same for a web-shop user: no rows for a customer outside its web shop (D12). */
const CUSTOMER_IN_WEBSHOP_SQL = `${CUSTOMER_READ} AND ${customerInWebshop('d."DebiNr"')}${ATTRIBUTE_ORDER}`;

type CustomerRow = Omit<CustomerRecord, 'KundKontakt' | 'KundLief' | 'KundRech'> & {
  KundKontakt: number | string;
  KundLief: number | string;
  KundRech: number | string;
  GeaendertAm: unknown;
  PHKey: string | null;
  Contents: string | null;
};

const CURRENCY_SQL = 'SELECT 1 AS "known" FROM "Waehrung" WHERE "WaehrAbk" = :code';

/** Customer numbers become Debitor.DebiNr: one the ERP has used already is skipped. */
const CUSTOMER_KEY: NumberedKey = { target: CustomerEntity, key: 'DebiNr' };

@Injectable()
export class TypeOrmCustomersRepository extends CustomersRepository {
  /** The field sets whose update text is prepared (see PREPARED_FIELD_SETS). */
  private readonly preparedFieldSets = new Set<string>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async create(
    customer: CustomerFields,
    addresses: NewCustomerAddresses,
    user: string,
    webshop: string | null,
    event: PendingEvent | null,
  ): Promise<string> {
    const now = new Date();
    const steps: BatchStep[] = [];
    const address = (name: string, a: NewAddress | null): GeneratedKey => {
      if (!a) return new GeneratedKey('kontakt');
      steps.push({
        kind: 'insert',
        target: AddressEntity,
        rows: [addressRow(a, user, now)],
        name,
      });
      return new GeneratedKey(name);
    };
    const KundKontakt = address('kontakt', addresses.kontakt);
    const KundLief = address('lief', addresses.lief);
    const KundRech = address('rech', addresses.rech);
    const row: Record<keyof CustomerEntity, unknown> = {
      ...customer,
      DebiNr: DRAWN_NUMBER,
      KundKontakt,
      KundLief,
      KundRech,
      PreisListNr: null,
      PreisListTyp: null,
      KTNr: null,
      WUSTCode: null,
      ErfasstVon: user,
      ErfasstAm: now,
      GeaendertAm: now,
    };
    steps.push({ kind: 'insert', target: CustomerEntity, rows: [row] });
    if (webshop) {
      const attribute = {
        ObjTyp: 'DEBI',
        ObjKey: DRAWN_NUMBER,
        PHKey: this.config.attributeWebshop,
        Contents: webshop,
      };
      steps.push({ kind: 'insert', target: AttributeEntity, rows: [attribute] });
    }
    const batch = {
      numberRange: CUSTOMER_RANGE,
      steps,
      event: event && { pending: event, key: DRAWN_NUMBER },
    };
    return (await this.writes.writeNumbered(batch, CUSTOMER_KEY)).value;
  }

  async find(debiNr: string, webshop: string | null): Promise<CustomerWithAttributes | null> {
    const params = { debiNr, ...customerWebshopParams(this.config, webshop) };
    const sql = webshop === null ? CUSTOMER_SQL : CUSTOMER_IN_WEBSHOP_SQL;
    const rows = await queryPreparedNamed<CustomerRow>(this.dataSource, sql, params);
    if (rows.length === 0) return null;
    const { PHKey, Contents: _attribute, GeaendertAm, ...row } = rows[0];
    return {
      changedAt: readTimestamp(GeaendertAm) ?? new Date(0),
      customer: {
        ...row,
        KreditLimit: Number(row.KreditLimit),
        KundKontakt: Number(row.KundKontakt),
        KundLief: Number(row.KundLief),
        KundRech: Number(row.KundRech),
      },
      attributes: PHKey === null ? [] : rows.map((r) => ({ PHKey: r.PHKey as string, Contents: r.Contents })),
    };
  }

  async latestOrders(debiNr: string, limit: number, statuses: string[]): Promise<CustomerOrder[]> {
    if (limit <= 0 || statuses.length === 0) return [];
    const rows = await queryNamed<{ AuftNr: string; AuftStatus: string; AuftErf: unknown }>(
      this.dataSource,
      selectFirst(
        this.dataSource,
        `o."AuftNr" AS "AuftNr", o."AuftStatus" AS "AuftStatus", o."AuftErf" AS "AuftErf" FROM "Auftrag" o
WHERE o."KundNr" = :debiNr AND o."AuftStatus" IN (:...statuses) ORDER BY o."AuftErf" DESC, o."AuftNr" DESC`,
        ':limit',
      ),
      { debiNr, statuses, limit },
    );
    return rows.map((r) => ({
      AuftNr: r.AuftNr,
      AuftStatus: r.AuftStatus,
      AuftErf: readTimestamp(r.AuftErf) as Date,
    }));
  }

  async update(
    debiNr: string,
    changes: Partial<CustomerFields>,
    event: PendingEvent | null,
    expected?: CustomerWithAttributes,
  ): Promise<boolean> {
    const step: BatchStep = {
      kind: 'update',
      target: CustomerEntity,
      set: { ...changes, GeaendertAm: nextChangeStamp(expected?.changedAt) },
      where: expected ? unchangedCustomer(expected) : { DebiNr: debiNr },
      expectRows: 1,
      otherwise: () => (expected ? new CustomerChanged() : new CustomerMissing()),
    };
    // Each set of fields is its own statement text: prepared for the first few sets (clients send
    // theirs again and again), the rest unprepared, so no client spends the prepared-text budget.
    const fields = `${Object.keys(changes).filter((k) => changes[k as keyof CustomerFields] !== undefined)}${event ? '+event' : ''}${expected ? '+expected' : ''}`;
    if (this.preparedFieldSets.size < PREPARED_FIELD_SETS) this.preparedFieldSets.add(fields);
    try {
      await this.writes.write({
        steps: [step],
        event: event && { pending: event, key: debiNr },
        doNotPrepare: !this.preparedFieldSets.has(fields),
      });
      return true;
    } catch (err) {
      if (err instanceof CustomerMissing) return false;
      throw err;
    }
  }

  async currencyExists(code: string): Promise<boolean> {
    return (await queryPreparedNamed(this.dataSource, CURRENCY_SQL, { code })).length > 0;
  }
}

/**
 * The condition of a conditional update: the row still holds every column its representation
 * shows, as read, and its stamp is the one read (to the millisecond the service reads it; a
 * database keeping finer ones is compared by the millisecond's range), so that a write in between,
 * by this service (which always moves the stamp) or by the ERP, fails it. Evaluated by the UPDATE
 * on the row it locks, which all three databases honour without locking hints.
 */
function unchangedCustomer(expected: CustomerWithAttributes): Row {
  const c = expected.customer;
  const where: Row = { DebiNr: c.DebiNr };
  for (const column of CUSTOMER_COLUMNS) where[column] = c[column];
  where.GeaendertAm = stampAsRead(expected.changedAt);
  return where;
}

/** Field sets of customer updates whose statement text is prepared, per instance. */
export const PREPARED_FIELD_SETS = 8;

/** The customer to update does not exist (the batch rolled back). */
class CustomerMissing extends Error {}
