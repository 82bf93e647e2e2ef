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
import { queryNamed } from '../../../database/sql-gateway';
import { NumberedKey, UnitOfWork } from '../../../database/unit-of-work';
import {
  ConvertOfferOutcome,
  CreateOrderOutcome,
  NewOrder,
  OrdersRepository,
  StoredOrder,
} from '../../ports/orders.repository';
import { toOrderHead, toOrderLine, toStoredAddress } from './order-rows';
import type { PendingEvent } from '../../../events/erp-events';
import { convertOfferBatch, createOrderBatch, OfferTaken } from './order-write-batches';

/** Order numbers become Auftrag.AuftNr: one the ERP has used already is skipped. */
const ORDER_KEY: NumberedKey = { target: OrderEntity, key: 'AuftNr' };

@Injectable()
export class TypeOrmOrdersRepository extends OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly heads: Repository<OrderEntity>,
    @InjectRepository(OrderLineEntity) private readonly lines: Repository<OrderLineEntity>,
    @InjectRepository(OrderAddressEntity) private readonly roles: Repository<OrderAddressEntity>,
    @InjectRepository(AddressEntity) private readonly addresses: Repository<AddressEntity>,
    @InjectRepository(OrderPaymentEntity) private readonly payments: Repository<OrderPaymentEntity>,
    private readonly writes: UnitOfWork,
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
    const rows = await queryNamed<{ AuftNr: string }>(
      this.heads.manager,
      'SELECT "AuftNr" FROM "Auftrag" WHERE "KundNr" = :kundNr AND "AuftBestellNr" = :auftBestellNr',
      { kundNr, auftBestellNr },
    );
    return rows[0]?.AuftNr ?? null;
  }

  async create(order: NewOrder, event: PendingEvent | null): Promise<CreateOrderOutcome> {
    const { KundNr, AuftBestellNr } = order.head;
    const auftNr = await this.writes.writeNumbered(createOrderBatch(order, event), ORDER_KEY, async () => {
      // A concurrent request (or another instance) committed the same KundNr + AuftBestellNr first.
      if (KundNr === null || AuftBestellNr === null) return null;
      return this.findByCustomerOrderNumber(KundNr, AuftBestellNr);
    });
    return auftNr.created
      ? { created: true, AuftNr: auftNr.value }
      : { created: false, AuftNr: auftNr.value };
  }

  async convertOffer(
    offerNr: string,
    order: NewOrder,
    event: PendingEvent | null,
  ): Promise<ConvertOfferOutcome> {
    const taken = async (): Promise<string | null> => {
      const offer = await this.heads.findOne({ select: { FolgeAuftNr: true }, where: { AuftNr: offerNr } });
      if (offer?.FolgeAuftNr) return offer.FolgeAuftNr;
      return (
        (await this.heads.findOne({ select: { AuftNr: true }, where: { OffertNr: offerNr } }))?.AuftNr ?? null
      );
    };
    try {
      const auftNr = await this.writes.writeNumbered(
        convertOfferBatch(offerNr, order, event),
        ORDER_KEY,
        taken,
      );
      return auftNr.created
        ? { converted: true, AuftNr: auftNr.value }
        : { converted: false, AuftNr: auftNr.value };
    } catch (err) {
      if (!(err instanceof OfferTaken)) throw err;
      const converted = await taken();
      if (converted === null) throw err;
      return { converted: false, AuftNr: converted };
    }
  }
}
