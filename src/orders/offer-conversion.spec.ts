import { dec } from '../common/money';
import { offerMismatch, orderFromOffer } from './offer-conversion';
import { OrderCustomer } from './ports/order-reference-data';
import { OrderHead, StoredOrder } from './ports/orders.repository';

const customer: OrderCustomer = {
  DebiNr: '10001',
  WaehrAbk: 'CHF',
  PreisListNr: 5,
  PreisListTyp: 'HAENDLER',
  KTNr: '100',
  WUSTCode: 'CH81',
  KundKontakt: 1,
  KundLief: 2,
  KundRech: 3,
};

function offer(head: Partial<OrderHead>): StoredOrder {
  const when = new Date('2026-01-07T08:00:00Z');
  return {
    head: {
      AuftNr: '500002',
      AuftStatus: 'P',
      KundNr: null,
      AuftBez: 'Vorlage',
      AuftBestellNr: null,
      AuftBestellRef: null,
      AuftBestellT: when,
      AuftLieferT: null,
      WaehrAbk: 'CHF',
      AuftKomment: null,
      KTNr: '100',
      StaoNr: 1,
      KundBedTyp: null,
      AuftLiefKost: null,
      PreisListNr: null,
      PreisListTyp: 'HAENDLER',
      WUSTCode: 'CH81',
      AuftSummeNetto: dec('118.8'),
      AuftSummeWUST: dec('3.09'),
      AuftSummeBrutto: dec('121.9'),
      OffertNr: null,
      FolgeAuftNr: null,
      ErfasstVon: 'seed',
      AuftErf: when,
      GeaendertAm: when,
      ...head,
    },
    lines: [
      {
        PosNr: 1,
        VisPosNr: 1,
        ArtNr: '1000',
        PosBez: 'Kaffee',
        PosAnzBest: dec(6),
        PosPreisBasis: dec('19.8'),
        PosPreisEinzel: dec('19.8'),
        PosPreisTotal: dec('118.8'),
        PosPreisWUSTBetrag: dec('3.09'),
        VPEAnzBest: null,
        VPEPreisEinzel: null,
        VPEinheit: null,
        WUSTSatz: dec('2.6'),
        WUSTCode: 'CH26',
        GRabSatz: null,
        GRabBez: null,
      },
    ],
    addresses: {},
    payments: [],
  };
}

describe('offer conversion', () => {
  it('accepts a template offer whose price-list type, KTNr, WUSTCode and currency match', () => {
    expect(offerMismatch(offer({}), customer)).toEqual([]);
  });

  it('lists every mismatching attribute of a template offer', () => {
    expect(offerMismatch(offer({ WaehrAbk: 'EUR' }), customer)).toEqual(['WaehrAbk']);
    expect(
      offerMismatch(
        offer({ PreisListNr: 4, PreisListTyp: 'VK', KTNr: '200', WUSTCode: 'DE19', WaehrAbk: 'EUR' }),
        customer,
      ),
    ).toEqual(['PreisListNr', 'PreisListTyp', 'KTNr', 'WUSTCode', 'WaehrAbk']);
  });

  it("compares a customer's own offer by customer only", () => {
    expect(offerMismatch(offer({ KundNr: '10001', WaehrAbk: 'EUR' }), customer)).toEqual([]);
    expect(offerMismatch(offer({ KundNr: '10002' }), customer)).toEqual(['KundNr']);
  });

  it("builds an order with the offer's lines, status N and the customer's addresses", () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const order = orderFromOffer(
      offer({}),
      customer,
      [{ Bezeichnung: 'TransID', Wert: 'x' }],
      dec('0.05'),
      'demo',
      now,
    );
    expect(order.head).toMatchObject({
      AuftStatus: 'N',
      KundNr: '10001',
      OffertNr: '500002',
      ErfasstVon: 'demo',
    });
    expect(order.head.AuftSummeBrutto.toFixed(2)).toBe('121.90');
    expect(order.lines).toEqual(offer({}).lines);
    expect(order.addresses).toEqual([
      { role: 'KontaktAdr', AdrNr: 1 },
      { role: 'LiefAdr', AdrNr: 2 },
      { role: 'RechAdr', AdrNr: 3 },
    ]);
    expect(order.payments).toEqual([{ Bezeichnung: 'TransID', Wert: 'x' }]);
  });
});
