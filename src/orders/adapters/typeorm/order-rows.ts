import { AddressEntity, OrderEntity, OrderLineEntity } from '@app/erp-db';
import { Decimal, DecimalLike, dec } from '../../../common/money';
import { OrderHead, OrderLine, StoredOrderAddress } from '../../ports/orders.repository';

/** Decimal columns arrive as strings (pg, mssql) or numbers (sqlite); dec reads both exactly. */
const decOrNull = (v: DecimalLike | null): Decimal | null => (v === null || v === undefined ? null : dec(v));
const fixed = (d: Decimal): string => d.toFixed();
const fixedOrNull = (d: Decimal | null): string | null => (d === null ? null : d.toFixed());

export function toOrderHead(e: OrderEntity): OrderHead {
  return {
    AuftNr: e.AuftNr,
    AuftStatus: e.AuftStatus,
    KundNr: e.KundNr,
    AuftBez: e.AuftBez,
    AuftBestellNr: e.AuftBestellNr,
    AuftBestellRef: e.AuftBestellRef,
    AuftBestellT: e.AuftBestellT,
    AuftLieferT: e.AuftLieferT,
    WaehrAbk: e.WaehrAbk,
    AuftKomment: e.AuftKomment,
    KTNr: e.KTNr,
    StaoNr: e.StaoNr,
    KundBedTyp: e.KundBedTyp,
    AuftLiefKost: decOrNull(e.AuftLiefKost),
    PreisListNr: e.PreisListNr,
    PreisListTyp: e.PreisListTyp,
    WUSTCode: e.WUSTCode,
    AuftSummeNetto: dec(e.AuftSummeNetto),
    AuftSummeWUST: dec(e.AuftSummeWUST),
    AuftSummeBrutto: dec(e.AuftSummeBrutto),
    OffertNr: e.OffertNr,
    FolgeAuftNr: e.FolgeAuftNr,
    ErfasstVon: e.ErfasstVon,
    AuftErf: e.AuftErf,
    GeaendertAm: e.GeaendertAm,
  };
}

export function toOrderLine(e: OrderLineEntity): OrderLine {
  return {
    PosNr: e.PosNr,
    VisPosNr: e.VisPosNr,
    ArtNr: e.ArtNr,
    PosBez: e.PosBez,
    PosAnzBest: dec(e.PosAnzBest),
    PosPreisBasis: dec(e.PosPreisBasis),
    PosPreisEinzel: dec(e.PosPreisEinzel),
    PosPreisTotal: dec(e.PosPreisTotal),
    PosPreisWUSTBetrag: dec(e.PosPreisWUSTBetrag),
    VPEAnzBest: decOrNull(e.VPEAnzBest),
    VPEPreisEinzel: decOrNull(e.VPEPreisEinzel),
    VPEinheit: e.VPEinheit,
    WUSTSatz: dec(e.WUSTSatz),
    WUSTCode: e.WUSTCode,
    GRabSatz: decOrNull(e.GRabSatz),
    GRabBez: decOrNull(e.GRabBez),
  };
}

export function toStoredAddress(e: AddressEntity): StoredOrderAddress {
  return {
    AdrNr: e.AdrNr,
    AdrSprache: e.AdrSprache,
    EmailAdress: e.EmailAdress,
    AdrAdresse1: e.AdrAdresse1,
    AdrAdresse2: e.AdrAdresse2,
    AdrAnrede: e.AdrAnrede,
    AdrFax: e.AdrFax,
    AdrFirma: e.AdrFirma,
    AdrFirma2: e.AdrFirma2,
    AdrVorname: e.AdrVorname,
    AdrName: e.AdrName,
    AdrTelex: e.AdrTelex,
    AdrTf1: e.AdrTf1,
    AdrTf2: e.AdrTf2,
    OrtLand: e.OrtLand,
    OrtName: e.OrtName,
    OrtPLZ: e.OrtPLZ,
  };
}

export function orderRow(auftNr: string, h: Omit<OrderHead, 'AuftNr'>): OrderEntity {
  return {
    ...h,
    AuftNr: auftNr,
    AuftLiefKost: fixedOrNull(h.AuftLiefKost),
    AuftSummeNetto: fixed(h.AuftSummeNetto),
    AuftSummeWUST: fixed(h.AuftSummeWUST),
    AuftSummeBrutto: fixed(h.AuftSummeBrutto),
  };
}

export function lineRow(auftNr: string, l: OrderLine): OrderLineEntity {
  return {
    AuftNr: auftNr,
    PosNr: l.PosNr,
    VisPosNr: l.VisPosNr,
    ArtNr: l.ArtNr,
    PosBez: l.PosBez,
    PosAnzBest: fixed(l.PosAnzBest),
    PosPreisBasis: fixed(l.PosPreisBasis),
    PosPreisEinzel: fixed(l.PosPreisEinzel),
    PosPreisTotal: fixed(l.PosPreisTotal),
    PosPreisWUSTBetrag: fixed(l.PosPreisWUSTBetrag),
    VPEAnzBest: fixedOrNull(l.VPEAnzBest),
    VPEPreisEinzel: fixedOrNull(l.VPEPreisEinzel),
    VPEinheit: l.VPEinheit,
    WUSTSatz: fixed(l.WUSTSatz),
    WUSTCode: l.WUSTCode,
    GRabSatz: fixedOrNull(l.GRabSatz),
    GRabBez: fixedOrNull(l.GRabBez),
  };
}
