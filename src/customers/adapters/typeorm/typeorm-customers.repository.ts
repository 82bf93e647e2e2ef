import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { AddressEntity, AttributeEntity, CurrencyEntity, CustomerEntity, OrderEntity } from '@app/erp-db';
import { NewAddress } from '../../../addresses/ports/addresses.repository';
import { NumberRangeService } from '../../../common/number-range/number-range.service';
import {
  CustomerAttribute,
  CustomerFields,
  CustomerOrder,
  CustomerRecord,
  CustomersRepository,
  NewCustomerAddresses,
} from '../../ports/customers.repository';

const CUSTOMER_RANGE = 'DEBITOR';
/** Numbers the ERP itself may already have used are skipped, a bounded number of times. */
const MAX_TAKEN_NUMBERS = 100;

@Injectable()
export class TypeOrmCustomersRepository extends CustomersRepository {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(AddressEntity) private readonly addresses: Repository<AddressEntity>,
    @InjectRepository(AttributeEntity) private readonly attributeRows: Repository<AttributeEntity>,
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(CurrencyEntity) private readonly currencies: Repository<CurrencyEntity>,
    private readonly numbers: NumberRangeService,
  ) {
    super();
  }

  async create(customer: CustomerFields, addresses: NewCustomerAddresses, user: string): Promise<string> {
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
    const c = await this.customers.findOneBy({ DebiNr: debiNr });
    if (!c) return null;
    const contact = await this.addresses.findOne({
      select: { AdrNr: true, AdrSprache: true },
      where: { AdrNr: c.KundKontakt },
    });
    return {
      DebiNr: c.DebiNr,
      KundBez: c.KundBez,
      WaehrAbk: c.WaehrAbk,
      BrancheID: c.BrancheID,
      Kommentar: c.Kommentar,
      VBTyp: c.VBTyp,
      TVTyp: c.TVTyp,
      FAKTZahlArt: c.FAKTZahlArt,
      AUFT_SPESEN: c.AUFT_SPESEN,
      SteuerNummer: c.SteuerNummer,
      FirmenURL: c.FirmenURL,
      KreditLimit: Number(c.KreditLimit),
      ZahlungsMethode: c.ZahlungsMethode,
      KundKontakt: c.KundKontakt,
      KundLief: c.KundLief,
      KundRech: c.KundRech,
      AdrSprache: contact?.AdrSprache ?? null,
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

  async update(debiNr: string, changes: Partial<CustomerFields>): Promise<boolean> {
    const result = await this.customers.update({ DebiNr: debiNr }, { ...changes, GeaendertAm: new Date() });
    return (result.affected ?? 0) > 0;
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
