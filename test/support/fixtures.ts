/** Request bodies several e2e files send: a valid new customer (Köln), a one-line order, an order's own address. */

export const KOELN_ADDRESS = {
  AdrSprache: 'ger',
  AdrAnrede: 2,
  AdrName: 'Schäfer',
  AdrAdresse1: 'Hauptstraße 5',
  OrtLand: 'DE',
  OrtName: 'Köln',
  OrtPLZ: '50667',
};

/** POST /www/kunden body; `grundDaten` adds to or overrides the minimal GrundDaten. */
export function newCustomerBody(grundDaten: Record<string, unknown> = {}) {
  return {
    GrundDaten: { WaehrAbk: 'EUR', FAKTZahlArt: 'R', ...grundDaten },
    Adressen: { KontaktAdr: KOELN_ADDRESS },
  };
}

/** POST /www/auftrag body: one line of article 1000 for `KundNr`. */
export function newOrderBody(KundNr: string, grundDaten: Record<string, unknown> = {}, Menge = 1) {
  return { GrundDaten: { KundNr, ...grundDaten }, Positionen: [{ ArtNr: '1000', Menge }] };
}

/** An order's own delivery address in Winterthur, with the town in lower case for AdrCheck to correct. */
export const WINTERTHUR_ADDRESS = {
  AdrSprache: 'ger',
  AdrAnrede: '2',
  AdrVorname: 'Anna',
  AdrName: 'Keller',
  AdrAdresse1: 'Seestrasse 5',
  OrtLand: 'CH',
  OrtName: 'winterthur',
  OrtPLZ: '8400',
  EmailAdress: 'anna.keller@example.ch',
};

/** WINTERTHUR_ADDRESS as an order shows it (without its AdrNr): every field, the town corrected. */
export const WINTERTHUR_AS_SHOWN = {
  AdrSprache: 'ger',
  EmailAdress: 'anna.keller@example.ch',
  AdrAdresse1: 'Seestrasse 5',
  AdrAdresse2: null,
  AdrAnrede: 2,
  AdrFax: null,
  AdrFirma: null,
  AdrFirma2: null,
  AdrVorname: 'Anna',
  AdrName: 'Keller',
  AdrTelex: null,
  AdrTf1: null,
  AdrTf2: null,
  OrtLand: 'CH',
  OrtName: 'Winterthur',
  OrtPLZ: '8400',
  ISOLandA2: 'CH',
};

/**
 * Order lines of customer 10001 whose prices are determined: its own list (1000), the packaging
 * unit of its list type (KAR of HAENDLER), the default type with a discount (1001).
 */
export const DETERMINED_LINES = [
  { ArtNr: '1000', Menge: 12 },
  { ArtNr: '1000', Menge: 12, VPEinheit: 'KAR', VisPosNr: '20' },
  { ArtNr: '1001', Menge: 2, GRabSatz: 10, VisPosNr: 30 },
];

/** DETERMINED_LINES as an order of 10001 in CHF shows them: its lines, tax recap and totals. */
export const DETERMINED_AS_SHOWN = {
  Positionen: [
    {
      PosNr: 1,
      VisPosNr: 1,
      ArtNr: '1000',
      PosBez: 'Kaffeebohnen Crème Röstung 1 kg',
      PosAnzBest: 12,
      PosPreisBasis: 18.5,
      PosPreisEinzel: 18.5,
      PosPreisTotal: 222,
      PosPreisWUSTBetrag: 5.77,
      VPEAnzBest: null,
      VPEPreisEinzel: null,
      VPEinheit: null,
      WUSTSatz: 2.6,
      GRabSatz: null,
      GRabBez: null,
    },
    {
      PosNr: 2,
      VisPosNr: 20,
      ArtNr: '1000',
      PosBez: 'Kaffeebohnen Crème Röstung 1 kg',
      PosAnzBest: 12,
      PosPreisBasis: 19.1667,
      PosPreisEinzel: 19.1667,
      PosPreisTotal: 230,
      PosPreisWUSTBetrag: 5.98,
      VPEAnzBest: 2,
      VPEPreisEinzel: 115,
      VPEinheit: 'KAR',
      WUSTSatz: 2.6,
      GRabSatz: null,
      GRabBez: null,
    },
    {
      PosNr: 3,
      VisPosNr: 30,
      ArtNr: '1001',
      PosBez: 'Küchenmaschine „Profi“ 1000 W',
      PosAnzBest: 2,
      PosPreisBasis: 349,
      PosPreisEinzel: 349,
      PosPreisTotal: 628.2,
      PosPreisWUSTBetrag: 50.88,
      VPEAnzBest: null,
      VPEPreisEinzel: null,
      VPEinheit: null,
      WUSTSatz: 8.1,
      GRabSatz: 10,
      GRabBez: null,
    },
  ],
  MWSTRekapitulation: [
    {
      Abschnitt: 'MWST',
      WaehrAbk: 'CHF',
      PosWUST: 11.75,
      PosVSTSZiffer: '400',
      PosWUSTSatz: 2.6,
      PosWUSTBez: 'MWST reduzierter Satz 2,6 %',
      PosBetragNetto: 452,
      PosUSTSZiffer: '313',
      PosWUSTCode: 'CH26',
      PosWUSTKlasse: 'C',
      PosUSTUZiffer: '200',
    },
    {
      Abschnitt: 'MWST',
      WaehrAbk: 'CHF',
      PosWUST: 50.88,
      PosVSTSZiffer: '400',
      PosWUSTSatz: 8.1,
      PosWUSTBez: 'MWST Normalsatz 8,1 %',
      PosBetragNetto: 628.2,
      PosUSTSZiffer: '303',
      PosWUSTCode: 'CH81',
      PosWUSTKlasse: 'C',
      PosUSTUZiffer: '200',
    },
  ],
  totals: { AuftSummeNetto: 1080.2, AuftSummeWUST: 62.63, AuftSummeBrutto: 1142.85 },
};
