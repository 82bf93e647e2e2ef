import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, SelectQueryBuilder } from 'typeorm';
import { AddressEntity, AttributeEntity, CustomerEntity, SQLITE_UNICODE_LOWER } from '@app/erp-db';
import { AppConfig } from '../../../common/config/app-config';
import {
  CUSTOMER_WEBSHOP_MATCH,
  customerWebshopParams,
} from '../../../scope/adapters/typeorm/typeorm-customer-scope.store';
import {
  ADDRESS_FIELDS,
  AddressChanges,
  AddressCriteria,
  AddressesRepository,
  AddressRecord,
  AddressSearchResult,
  CustomerAddressKeys,
} from '../../ports/addresses.repository';

const ADDRESS_COLUMNS: Array<keyof AddressRecord> = ['AdrNr', ...ADDRESS_FIELDS];

/** Contact, delivery and billing address. */
const MAX_ROWS_OF_ONE_CUSTOMER = 3;

function toRecord(e: AddressEntity): AddressRecord {
  const r = {} as Record<string, unknown>;
  for (const c of ADDRESS_COLUMNS) r[c] = e[c];
  return r as unknown as AddressRecord;
}

@Injectable()
export class TypeOrmAddressesRepository extends AddressesRepository {
  constructor(
    @InjectRepository(AddressEntity) private readonly addresses: Repository<AddressEntity>,
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async findByNr(adrNr: number): Promise<AddressRecord | null> {
    const e = await this.addresses.findOne({ select: ADDRESS_COLUMNS, where: { AdrNr: adrNr } });
    return e ? toRecord(e) : null;
  }

  async findByNrs(adrNrs: number[]): Promise<AddressRecord[]> {
    if (adrNrs.length === 0) return [];
    const rows = await this.addresses.find({ select: ADDRESS_COLUMNS, where: { AdrNr: In(adrNrs) } });
    return rows.map(toRecord);
  }

  async customerAddressKeys(debiNr: string): Promise<CustomerAddressKeys | null> {
    return this.customers.findOne({
      select: { DebiNr: true, KundKontakt: true, KundLief: true, KundRech: true },
      where: { DebiNr: debiNr },
    });
  }

  async update(adrNr: number, changes: AddressChanges): Promise<boolean> {
    const result = await this.addresses.update({ AdrNr: adrNr }, { ...changes, GeaendertAm: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async searchCustomer(criteria: AddressCriteria, webshop: string | null): Promise<AddressSearchResult> {
    // One row per (address, customer) pair and a customer has at most three addresses, so four
    // rows without DISTINCT (which would make SQLite walk every customer) settle "one or more".
    const rows = await this.matching(criteria, webshop)
      .select('d.DebiNr', 'DebiNr')
      .addSelect('d.KundKontakt', 'KundKontakt')
      .addSelect('d.KundLief', 'KundLief')
      .addSelect('d.KundRech', 'KundRech')
      .limit(MAX_ROWS_OF_ONE_CUSTOMER + 1)
      .getRawMany<{
        DebiNr: string;
        KundKontakt: number | string;
        KundLief: number | string;
        KundRech: number | string;
      }>();
    const customers = new Set(rows.map((r) => r.DebiNr));
    if (customers.size === 0) return { count: 0, customer: null };
    if (customers.size === 1 && rows.length <= MAX_ROWS_OF_ONE_CUSTOMER) {
      const c = rows[0];
      return {
        count: 1,
        customer: {
          DebiNr: c.DebiNr,
          KundKontakt: Number(c.KundKontakt),
          KundLief: Number(c.KundLief),
          KundRech: Number(c.KundRech),
        },
      };
    }
    const total = await this.matching(criteria, webshop)
      .select('COUNT(DISTINCT d.DebiNr)', 'n')
      .getRawOne<{ n: number | string }>();
    return { count: Number(total?.n ?? 0), customer: null };
  }

  /** Customers with one address (in any role) that matches every criterion, ignoring case and blanks. */
  private matching(criteria: AddressCriteria, webshop: string | null): SelectQueryBuilder<AddressEntity> {
    const sqlite = this.customers.manager.connection.driver.options.type === 'better-sqlite3';
    // SQLite's LOWER folds ASCII only; the registered function (prepareSqliteConnection) lowers Ü, É, …
    const lower = sqlite ? SQLITE_UNICODE_LOWER : 'LOWER';
    // SQLite (without statistics) would walk every customer and look the address up; the unary
    // plus takes the address key out of index use, so the scan starts at the matching addresses.
    const adr = sqlite ? '+a.AdrNr' : 'a.AdrNr';
    const qb = this.addresses
      .createQueryBuilder('a')
      .innerJoin(
        CustomerEntity,
        'd',
        `(d.KundKontakt = ${adr} OR d.KundLief = ${adr} OR d.KundRech = ${adr})`,
      );
    // D12: a web-shop user finds the customers of its web shop only.
    if (webshop !== null)
      qb.innerJoin(
        AttributeEntity,
        'w',
        `w."ObjKey" = d."DebiNr" AND ${CUSTOMER_WEBSHOP_MATCH}`,
        customerWebshopParams(this.config, webshop),
      );
    Object.entries(criteria).forEach(([field, value], i) => {
      const wanted = (value ?? '').trim();
      // field comes from the query DTO's whitelist of address fields, never from free text
      if (sqlite) {
        // native LIKE (ASCII case-insensitive) narrows the rows before the JavaScript function runs
        qb.andWhere(`TRIM(a.${field}) LIKE :like${i} ESCAPE '\\'`, { [`like${i}`]: likePattern(wanted) });
      }
      qb.andWhere(`${lower}(TRIM(a.${field})) = :v${i}`, { [`v${i}`]: wanted.toLowerCase() });
    });
    return qb;
  }
}

/** A LIKE pattern that every case variant of `value` matches: non-ASCII characters become `_`. */
function likePattern(value: string): string {
  let pattern = '';
  for (const c of value) {
    if (c === '\\' || c === '%' || c === '_') pattern += '\\' + c;
    else pattern += c.charCodeAt(0) < 0x80 ? c : '_';
  }
  return pattern;
}
