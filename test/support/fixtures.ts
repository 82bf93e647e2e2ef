/** Request bodies several e2e files send: a valid new customer (Köln) and a one-line order. */

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
