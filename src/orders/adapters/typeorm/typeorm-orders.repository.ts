import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AddressEntity, OrderEntity, OrderLineEntity } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { asEntity, entityColumns, queryNamed, queryPreparedNamed } from '../../../database/sql-gateway';
import { customerInWebshop, customerWebshopParams } from '../../../scope/web-shop-release';
import { NumberedKey, BatchWriter } from '../../../database/batch-writer';
import {
  ConvertOfferOutcome,
  CreateOrderOutcome,
  NewOrder,
  OrderAddressRole,
  OrderPayment,
  OrdersRepository,
  StoredOrder,
} from '../../ports/orders.repository';
import { toOrderHead, toOrderLine, toStoredAddress } from './order-rows';
import type { PendingEvent } from '../../../events/erp-events';
import { convertOfferBatch, createOrderBatch, OfferTaken } from './order-write-batches';

/**
 * The reads of an order: its head (for a web-shop user only when the order's customer is in its
 * web shop, or the order has none: template offers are everyone's, D12), lines, addresses by role
 * and payments, each by the order number through its primary key.
 */
function orderReads(dataSource: DataSource) {
  const head = `SELECT ${entityColumns(dataSource, OrderEntity, 'o')} FROM "Auftrag" o WHERE o."AuftNr" = :auftNr`;
  const customer = 'LTRIM(RTRIM(o."KundNr"))';
  const inWebshop = `(o."KundNr" IS NULL OR ${customer} = '' OR ${customerInWebshop(customer)})`;
  return {
    head,
    headInWebshop: `${head} AND ${inWebshop}`,
    inWebshop: `SELECT 1 AS "found" FROM "Auftrag" o WHERE o."AuftNr" = :auftNr AND ${inWebshop}`,
    lines: `SELECT ${entityColumns(dataSource, OrderLineEntity, 'l')} FROM "AuftragPos" l
      WHERE l."AuftNr" = :auftNr ORDER BY l."PosNr"`,
    addresses: `SELECT r."AdrArt" AS "AdrArt", ${entityColumns(dataSource, AddressEntity, 'a')}
      FROM "AuftragAdr" r JOIN "Adressen" a ON a."AdrNr" = r."AdrNr" WHERE r."AuftNr" = :auftNr`,
    payments: `SELECT p."Key" AS "Key", p."Bezeichnung" AS "Bezeichnung", p."Wert" AS "Wert"
      FROM "AuftragZahlung" p WHERE p."AuftNr" = :auftNr`,
  };
}

/** Order numbers become Auftrag.AuftNr: one the ERP has used already is skipped. */
const ORDER_KEY: NumberedKey = { target: OrderEntity, key: 'AuftNr' };

@Injectable()
export class TypeOrmOrdersRepository extends OrdersRepository {
  private readonly sql: ReturnType<typeof orderReads>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
    private readonly config: AppConfig,
  ) {
    super();
    this.sql = orderReads(dataSource);
  }

  async find(auftNr: string, webshop: string | null): Promise<StoredOrder | null> {
    // All four at once: lines, addresses and payments need only the number; read in vain for an
    // order that does not exist or is out of scope, which is rare and costs three index reads.
    const webshopParams = customerWebshopParams(this.config, webshop);
    const [heads, lines, addresses, payments] = await Promise.all([
      this.read(webshop === null ? this.sql.head : this.sql.headInWebshop, { auftNr, ...webshopParams }),
      this.read(this.sql.lines, { auftNr }),
      this.read(this.sql.addresses, { auftNr }),
      this.read<OrderPayment>(this.sql.payments, { auftNr }),
    ]);
    if (heads.length === 0) return null;
    const stored: StoredOrder['addresses'] = {};
    for (const row of addresses)
      stored[row.AdrArt as OrderAddressRole] = toStoredAddress(asEntity(this.dataSource, AddressEntity, row));
    return {
      head: toOrderHead(asEntity(this.dataSource, OrderEntity, heads[0])),
      lines: lines.map((row) => toOrderLine(asEntity(this.dataSource, OrderLineEntity, row))),
      addresses: stored,
      payments: payments.sort((a, b) => Number(a.Key) - Number(b.Key) || a.Key.localeCompare(b.Key)),
    };
  }

  async inWebshop(auftNr: string, webshop: string): Promise<boolean> {
    const rows = await this.read(this.sql.inWebshop, {
      auftNr,
      ...customerWebshopParams(this.config, webshop),
    });
    return rows.length > 0;
  }

  private read<T = Record<string, unknown>>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    return queryPreparedNamed<T>(this.dataSource, sql, params);
  }

  async findByCustomerOrderNumber(kundNr: string, auftBestellNr: string): Promise<string | null> {
    const rows = await queryNamed<{ AuftNr: string }>(
      this.dataSource,
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
      const [offer] = await queryNamed<{ FolgeAuftNr: string | null }>(
        this.dataSource,
        'SELECT "FolgeAuftNr" FROM "Auftrag" WHERE "AuftNr" = :offerNr',
        { offerNr },
      );
      if (offer?.FolgeAuftNr) return offer.FolgeAuftNr;
      const [order] = await queryNamed<{ AuftNr: string }>(
        this.dataSource,
        'SELECT "AuftNr" FROM "Auftrag" WHERE "OffertNr" = :offerNr',
        { offerNr },
      );
      return order?.AuftNr ?? null;
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
