import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { AddressEntity, AttributeEntity, CurrencyEntity, CustomerEntity, OrderEntity } from '@app/erp-db';
import { NewAddress } from '../../../addresses/ports/addresses.repository';
import { AppConfig } from '../../../common/config/app-config';
import { NumberRangeService } from '../../../common/number-range/number-range.service';
import { appendOutboxRow } from '../../../events/adapters/typeorm/outbox-row';
import type { PendingEvent } from '../../../events/erp-events';
import {
  CUSTOMER_FIELDS,
  CustomerAttribute,
  CustomerFields,
  CustomerOrder,
  CustomerRecord,
  CustomersRepository,
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
/** Numbers the ERP itself may already have used are skipped, a bounded number of times. */
const MAX_TAKEN_NUMBERS = 100;

@Injectable()
export class TypeOrmCustomersRepository extends CustomersRepository {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(AttributeEntity) private readonly attributeRows: Repository<AttributeEntity>,
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(CurrencyEntity) private readonly currencies: Repository<CurrencyEntity>,
    private readonly numbers: NumberRangeService,
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
    return this.customers.manager.transaction(async (m) => {
      const now = new Date();
      const kontakt = await insertAddress(m, addresses.kontakt, user, now);
      const lief = addresses.lief ? await insertAddress(m, addresses.lief, user, now) : kontakt;
      const rech = addresses.rech ? await insertAddress(m, addresses.rech, user, now) : kontakt;
      const debiNr = await this.freeCustomerNumber(m);
      await m.getRepository(CustomerEntity).insert({
        ...customer,
        DebiNr: debiNr,
        KundKontakt: kontakt,
        KundLief: lief,
        KundRech: rech,
        PreisListNr: null,
        PreisListTyp: null,
        KTNr: null,
        WUSTCode: null,
        ErfasstVon: user,
        ErfasstAm: now,
        GeaendertAm: now,
      });
      if (webshop)
        await m
          .getRepository(AttributeEntity)
          .insert({ ObjTyp: 'DEBI', ObjKey: debiNr, PHKey: this.config.attributeWebshop, Contents: webshop });
      if (event) await appendOutboxRow(m, this.numbers, event, debiNr);
      return debiNr;
    });
  }

  private async freeCustomerNumber(m: EntityManager): Promise<string> {
    const repo = m.getRepository(CustomerEntity);
    for (let i = 0; i < MAX_TAKEN_NUMBERS; i++) {
      const candidate = String(await this.numbers.next(m, CUSTOMER_RANGE));
      if (!(await repo.exists({ where: { DebiNr: candidate } }))) return candidate;
    }
    throw new Error(`Number range ${CUSTOMER_RANGE}: the next ${MAX_TAKEN_NUMBERS} numbers are all taken.`);
  }

  async find(debiNr: string): Promise<CustomerRecord | null> {
    const qb = this.customers
      .createQueryBuilder('d')
      .leftJoin(AddressEntity, 'a', 'a.AdrNr = d.KundKontakt')
      .select('a.AdrSprache', 'AdrSprache')
      .where('d.DebiNr = :debiNr', { debiNr });
    for (const column of CUSTOMER_COLUMNS) qb.addSelect(`d.${column}`, column);
    const row = await qb.getRawOne<Record<string, unknown>>();
    if (!row) return null;
    return {
      ...(row as unknown as CustomerRecord),
      KreditLimit: Number(row.KreditLimit),
      KundKontakt: Number(row.KundKontakt),
      KundLief: Number(row.KundLief),
      KundRech: Number(row.KundRech),
    };
  }

  async attributes(debiNr: string): Promise<CustomerAttribute[]> {
    const rows = await this.attributeRows.find({
      select: { PHKey: true, Contents: true, AttrID: true },
      where: { ObjTyp: 'DEBI', ObjKey: debiNr },
      order: { PHKey: 'ASC', AttrID: 'ASC' },
    });
    return rows.map((r) => ({ PHKey: r.PHKey, Contents: r.Contents }));
  }

  async latestOrders(debiNr: string, limit: number, statuses: string[]): Promise<CustomerOrder[]> {
    // take: 0 would mean "no limit" to TypeORM
    if (limit <= 0 || statuses.length === 0) return [];
    const rows = await this.orders.find({
      select: { AuftNr: true, AuftStatus: true, AuftErf: true },
      where: { KundNr: debiNr, AuftStatus: In(statuses) },
      order: { AuftErf: 'DESC', AuftNr: 'DESC' },
      take: limit,
    });
    return rows.map((r) => ({ AuftNr: r.AuftNr, AuftStatus: r.AuftStatus, AuftErf: r.AuftErf }));
  }

  async update(
    debiNr: string,
    changes: Partial<CustomerFields>,
    event: PendingEvent | null,
  ): Promise<boolean> {
    const set = { ...changes, GeaendertAm: new Date() };
    if (!event) return ((await this.customers.update({ DebiNr: debiNr }, set)).affected ?? 0) > 0;
    return this.customers.manager.transaction(async (m) => {
      const result = await m.getRepository(CustomerEntity).update({ DebiNr: debiNr }, set);
      if ((result.affected ?? 0) === 0) return false;
      await appendOutboxRow(m, this.numbers, event, debiNr);
      return true;
    });
  }

  async currencyExists(code: string): Promise<boolean> {
    return this.currencies.exists({ where: { WaehrAbk: code } });
  }
}

async function insertAddress(m: EntityManager, a: NewAddress, user: string, now: Date): Promise<number> {
  const result = await m
    .getRepository(AddressEntity)
    .insert({ ...a, ErfasstVon: user, ErfasstAm: now, GeaendertAm: now });
  return Number((result.identifiers[0] as { AdrNr: number }).AdrNr);
}
