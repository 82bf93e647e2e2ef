import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AddressEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { In, Repository } from 'typeorm';
import { AtomicWrites, isUniqueViolation } from '../../../database/atomic-writes';
import {
  ConvertOfferOutcome,
  CreateOrderOutcome,
  NewOrder,
  OrdersRepository,
  StoredOrder,
} from '../../ports/orders.repository';
import { toOrderHead, toOrderLine, toStoredAddress } from './order-rows';
import { convertOfferBatch, createOrderBatch, OfferTaken } from './order-write-batches';

@Injectable()
export class TypeOrmOrdersRepository extends OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly heads: Repository<OrderEntity>,
    @InjectRepository(OrderLineEntity) private readonly lines: Repository<OrderLineEntity>,
    @InjectRepository(OrderAddressEntity) private readonly roles: Repository<OrderAddressEntity>,
    @InjectRepository(AddressEntity) private readonly addresses: Repository<AddressEntity>,
    @InjectRepository(OrderPaymentEntity) private readonly payments: Repository<OrderPaymentEntity>,
    private readonly writes: AtomicWrites,
  ) {
    super();
  }

  async find(auftNr: string): Promise<StoredOrder | null> {
    const head = await this.heads.findOneBy({ AuftNr: auftNr });
    if (!head) return null;
    const [lines, roles, payments] = await Promise.all([
      this.lines.find({ where: { AuftNr: auftNr }, order: { PosNr: 'ASC' } }),
      this.roles.findBy({ AuftNr: auftNr }),
      this.payments.find({ where: { AuftNr: auftNr }, order: { Key: 'ASC' } }),
    ]);
    const stored =
      roles.length > 0 ? await this.addresses.findBy({ AdrNr: In(roles.map((r) => r.AdrNr)) }) : [];
    const byNr = new Map(stored.map((a) => [a.AdrNr, toStoredAddress(a)]));
    const addresses: StoredOrder['addresses'] = {};
    for (const r of roles) {
      const a = byNr.get(r.AdrNr);
      if (a) addresses[r.AdrArt] = a;
    }
    return {
      head: toOrderHead(head),
      lines: lines.map(toOrderLine),
      addresses,
      payments: payments
        .map((p) => ({ Key: p.Key, Bezeichnung: p.Bezeichnung, Wert: p.Wert }))
        .sort((a, b) => Number(a.Key) - Number(b.Key) || a.Key.localeCompare(b.Key)),
    };
  }

  async findByCustomerOrderNumber(kundNr: string, auftBestellNr: string): Promise<string | null> {
    const [query, params] = this.heads.manager.connection.driver.escapeQueryWithParameters(
      'SELECT "AuftNr" FROM "Auftrag" WHERE "KundNr" = :kundNr AND "AuftBestellNr" = :auftBestellNr',
      { kundNr, auftBestellNr },
      {},
    );
    const rows: Array<{ AuftNr: string }> = await this.heads.query(query, params);
    return rows[0]?.AuftNr ?? null;
  }

  async create(order: NewOrder): Promise<CreateOrderOutcome> {
    try {
      return { created: true, AuftNr: String(await this.writes.write(createOrderBatch(order))) };
    } catch (err) {
      const { KundNr, AuftBestellNr } = order.head;
      // A concurrent request (or another instance) committed the same KundNr + AuftBestellNr first.
      if (isUniqueViolation(err) && KundNr !== null && AuftBestellNr !== null) {
        const existing = await this.findByCustomerOrderNumber(KundNr, AuftBestellNr);
        if (existing !== null) return { created: false, AuftNr: existing };
      }
      throw err;
    }
  }

  async convertOffer(offerNr: string, order: NewOrder): Promise<ConvertOfferOutcome> {
    try {
      return { converted: true, AuftNr: String(await this.writes.write(convertOfferBatch(offerNr, order))) };
    } catch (err) {
      if (!(err instanceof OfferTaken) && !isUniqueViolation(err)) throw err;
      const offer = await this.heads.findOne({ select: { FolgeAuftNr: true }, where: { AuftNr: offerNr } });
      const converted =
        offer?.FolgeAuftNr ??
        (await this.heads.findOne({ select: { AuftNr: true }, where: { OffertNr: offerNr } }))?.AuftNr;
      if (!converted) throw err;
      return { converted: false, AuftNr: converted };
    }
  }
}
