import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AddressEntity,
  NumberRangeEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { In, Repository } from 'typeorm';
import { AtomicWrites, isUniqueViolation, WriteBatch } from '../../../database/atomic-writes';
import {
  ConvertOfferOutcome,
  CreateOrderOutcome,
  NewOrder,
  OrdersRepository,
  StoredOrder,
} from '../../ports/orders.repository';
import { toOrderHead, toOrderLine, toStoredAddress } from './order-rows';
import type { PendingEvent } from '../../../events/erp-events';
import { convertOfferBatch, createOrderBatch, OfferTaken, ORDER_NUMBER_RANGE } from './order-write-batches';

/** How many numbers used by the ERP past the number range one write skips before it gives up. */
const MAX_USED_NUMBERS_SKIPPED = 100;

@Injectable()
export class TypeOrmOrdersRepository extends OrdersRepository {
  constructor(
    @InjectRepository(OrderEntity) private readonly heads: Repository<OrderEntity>,
    @InjectRepository(OrderLineEntity) private readonly lines: Repository<OrderLineEntity>,
    @InjectRepository(OrderAddressEntity) private readonly roles: Repository<OrderAddressEntity>,
    @InjectRepository(AddressEntity) private readonly addresses: Repository<AddressEntity>,
    @InjectRepository(OrderPaymentEntity) private readonly payments: Repository<OrderPaymentEntity>,
    @InjectRepository(NumberRangeEntity) private readonly ranges: Repository<NumberRangeEntity>,
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

  async create(order: NewOrder, event: PendingEvent | null): Promise<CreateOrderOutcome> {
    const { KundNr, AuftBestellNr } = order.head;
    const auftNr = await this.numbered(createOrderBatch(order, event), async () => {
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
      const auftNr = await this.numbered(convertOfferBatch(offerNr, order, event), taken);
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

  /**
   * Writes a numbered order. A duplicate key is either the order that already exists (`existing`
   * finds it) or an order number the ERP has used past the number range (orders written by
   * other means): then the range is moved past it and the batch written again.
   */
  private async numbered(
    batch: WriteBatch,
    existing: () => Promise<string | null>,
  ): Promise<{ created: boolean; value: string }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { created: true, value: String(await this.writes.write(batch)) };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const found = await existing();
        if (found !== null) return { created: false, value: found };
        if (attempt >= MAX_USED_NUMBERS_SKIPPED || !(await this.skipUsedNumber())) throw err;
      }
    }
  }

  /** True when the next number of the range belongs to an order already; the range then moves past it. */
  private async skipUsedNumber(): Promise<boolean> {
    const range = await this.ranges.findOneBy({ Name: ORDER_NUMBER_RANGE });
    if (!range) return false;
    const last = Number(range.LetzteNr);
    if (!(await this.heads.existsBy({ AuftNr: String(last + 1) }))) return false;
    await this.writes.once({
      kind: 'change',
      build: (m) =>
        m
          .createQueryBuilder()
          .update(NumberRangeEntity)
          .set({ LetzteNr: last + 1 })
          .where({ Name: ORDER_NUMBER_RANGE, LetzteNr: last }),
    });
    return true;
  }
}
