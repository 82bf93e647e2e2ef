import {
  AddressEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
} from '@app/erp-db';
import { EntityTarget, IsNull, ObjectLiteral } from 'typeorm';
import { WriteScript, WriteStep } from '../../../database/atomic-writes';
import { NewOrder } from '../../ports/orders.repository';
import { addressRow, lineRow, orderRow } from './order-rows';

/** Rows per multi-row INSERT: SQL Server accepts at most 2100 parameters per statement. */
const CHUNK = 100;

export const ORDER_NUMBER_RANGE = 'AUFTRAG';

/** Thrown inside the transaction to roll it back: another request converted the offer first. */
export class OfferTaken extends Error {
  constructor(readonly offerNr: string) {
    super(`offer ${offerNr} is converted`);
  }
}

/**
 * The order's number comes first: on PostgreSQL and SQL Server the UPDATE of the number range
 * row locks it until commit, so order creations queue there and a second order with the same
 * KundNr + AuftBestellNr fails on the unique index against the committed first one (SQLite runs
 * the whole script exclusively). The failure rolls the number back with everything else.
 */
export function* createOrderScript(order: NewOrder): WriteScript<string> {
  const { number } = yield { kind: 'nextNumber', range: ORDER_NUMBER_RANGE };
  const auftNr = String(number);
  yield* insertOrderScript(auftNr, order);
  return auftNr;
}

/** Records the new order on the offer only while the offer is still unconverted. */
export function* convertOfferScript(offerNr: string, order: NewOrder): WriteScript<string> {
  const { number } = yield { kind: 'nextNumber', range: ORDER_NUMBER_RANGE };
  const auftNr = String(number);
  const { affected } = yield {
    kind: 'change',
    build: (m) =>
      m
        .createQueryBuilder()
        .update(OrderEntity)
        .set({ FolgeAuftNr: auftNr, GeaendertAm: order.head.AuftErf })
        .where({ AuftNr: offerNr, AuftStatus: 'P', FolgeAuftNr: IsNull() }),
  };
  if (affected !== 1) throw new OfferTaken(offerNr);
  yield* insertOrderScript(auftNr, order);
  return auftNr;
}

function* insertOrderScript(auftNr: string, order: NewOrder): WriteScript<void> {
  const user = order.head.ErfasstVon ?? '';
  const roles: OrderAddressEntity[] = [];
  for (const a of order.addresses) {
    if ('AdrNr' in a) {
      roles.push({ AuftNr: auftNr, AdrArt: a.role, AdrNr: a.AdrNr });
      continue;
    }
    const { insertedId } = yield insert(
      AddressEntity,
      [addressRow(a.address, user, order.head.AuftErf)],
      true,
    );
    if (insertedId === null) throw new Error('The database returned no AdrNr for a new order address.');
    roles.push({ AuftNr: auftNr, AdrArt: a.role, AdrNr: insertedId });
  }
  yield insert(OrderEntity, [orderRow(auftNr, order.head)]);
  const lines = order.lines.map((l) => lineRow(auftNr, l));
  for (let i = 0; i < lines.length; i += CHUNK) yield insert(OrderLineEntity, lines.slice(i, i + CHUNK));
  if (roles.length > 0) yield insert(OrderAddressEntity, roles);
  const payments: OrderPaymentEntity[] = order.payments.map((p, i) => ({
    AuftNr: auftNr,
    Key: String(i + 1),
    ...p,
  }));
  for (let i = 0; i < payments.length; i += CHUNK)
    yield insert(OrderPaymentEntity, payments.slice(i, i + CHUNK));
}

function insert(target: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[], returnsKey = false): WriteStep {
  return {
    kind: 'insert',
    build: (m) => m.createQueryBuilder().insert().into(target).values(rows).updateEntity(returnsKey),
  };
}
