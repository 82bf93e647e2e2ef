import {
  AddressEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { ObjectLiteral } from 'typeorm';
import { BatchStep, CHUNK, DRAWN_NUMBER, GeneratedKey, WriteBatch } from '../../../database/batch-writer';
import type { PendingEvent } from '../../../events/erp-events';
import { NewOrder, numberedPayments } from '../../ports/orders.repository';
import { addressRow } from '../../../addresses/address-row';
import { lineRow, orderRow } from './order-rows';

const ORDER_NUMBER_RANGE = 'AUFTRAG';

/** The offer was converted by another request first (the batch rolled back). */
export class OfferTaken extends Error {
  constructor(readonly offerNr: string) {
    super(`offer ${offerNr} is converted`);
  }
}

/** The order, numbered from AUFTRAG, with its lines, address roles, order-only addresses and payments. */
export function createOrderBatch(
  order: NewOrder,
  event: PendingEvent | null,
): WriteBatch & { numberRange: string } {
  return { numberRange: ORDER_NUMBER_RANGE, steps: orderSteps(order), event: outboxRow(event) };
}

/** The order's event, keyed by the number the batch draws. */
function outboxRow(event: PendingEvent | null): WriteBatch['event'] {
  return event ? { pending: event, key: DRAWN_NUMBER } : null;
}

/**
 * The order made from an offer, and the offer's FolgeAuftNr, set only while it is still empty;
 * with the unique Auftrag.OffertNr this lets exactly one of parallel conversions commit.
 */
export function convertOfferBatch(
  offerNr: string,
  order: NewOrder,
  event: PendingEvent | null,
): WriteBatch & { numberRange: string } {
  return {
    numberRange: ORDER_NUMBER_RANGE,
    event: outboxRow(event),
    steps: [
      {
        kind: 'update',
        target: OrderEntity,
        set: { FolgeAuftNr: DRAWN_NUMBER, GeaendertAm: order.head.AuftErf },
        where: { AuftNr: offerNr, AuftStatus: 'P', FolgeAuftNr: null },
        expectRows: 1,
        otherwise: () => new OfferTaken(offerNr),
      },
      ...orderSteps(order),
    ],
  };
}

function orderSteps(order: NewOrder): BatchStep[] {
  const user = order.head.ErfasstVon ?? '';
  const steps: BatchStep[] = [];
  const roles: ObjectLiteral[] = order.addresses.map((a, i) => {
    if ('AdrNr' in a) return { AuftNr: DRAWN_NUMBER, AdrArt: a.role, AdrNr: a.AdrNr };
    const name = `address${i}`;
    steps.push({
      kind: 'insert',
      target: AddressEntity,
      rows: [addressRow(a.address, user, order.head.AuftErf)],
      name,
    });
    return { AuftNr: DRAWN_NUMBER, AdrArt: a.role, AdrNr: new GeneratedKey(name) };
  });
  steps.push({
    kind: 'insert',
    target: OrderEntity,
    rows: [{ ...orderRow('', order.head), AuftNr: DRAWN_NUMBER }],
  });
  const lines = order.lines.map((l) => ({ ...lineRow('', l), AuftNr: DRAWN_NUMBER }));
  for (let i = 0; i < lines.length; i += CHUNK)
    steps.push({ kind: 'insert', target: OrderLineEntity, rows: lines.slice(i, i + CHUNK) });
  if (roles.length > 0) steps.push({ kind: 'insert', target: OrderAddressEntity, rows: roles });
  const payments = numberedPayments(order.payments).map((p) => ({ AuftNr: DRAWN_NUMBER, ...p }));
  for (let i = 0; i < payments.length; i += CHUNK)
    steps.push({ kind: 'insert', target: OrderPaymentEntity, rows: payments.slice(i, i + CHUNK) });
  return steps;
}
