/** Demo data: the fixture customers with their addresses, and generated ones. */
import { EntityManager } from 'typeorm';
import { AddressEntity, AttributeEntity, CustomerEntity, NumberRangeEntity } from '../entities';
import { bulkInsert, rowsPerStatement } from './bulk-insert';
import { DEMO_TIME, POSTAL_CODES, DEMO_ATTRIBUTE_KEYS } from './demo-fixtures';

type AddressSeed = Omit<AddressEntity, 'AdrNr'>;

function address(a: Partial<AddressSeed>): AddressSeed {
  return {
    AdrSprache: 'ger',
    EmailAdress: null,
    AdrAdresse1: null,
    AdrAdresse2: null,
    AdrAnrede: 0,
    AdrFax: null,
    AdrFirma: null,
    AdrFirma2: null,
    AdrVorname: null,
    AdrName: null,
    AdrTelex: null,
    AdrTf1: null,
    AdrTf2: null,
    OrtLand: 'CH',
    OrtName: null,
    OrtPLZ: null,
    ErfasstVon: 'seed',
    ErfasstAm: DEMO_TIME,
    GeaendertAm: DEMO_TIME,
    ...a,
  };
}

async function insertAddress(m: EntityManager, a: AddressSeed): Promise<number> {
  const saved = await m.getRepository(AddressEntity).save(a as AddressEntity);
  return saved.AdrNr;
}

function customer(debiNr: string, adr: [number, number, number], o: Partial<CustomerEntity>): CustomerEntity {
  return {
    DebiNr: debiNr,
    KundBez: null,
    WaehrAbk: 'CHF',
    BrancheID: null,
    KundKontakt: adr[0],
    KundLief: adr[1],
    KundRech: adr[2],
    Kommentar: null,
    VBTyp: 'POST',
    TVTyp: null,
    FAKTZahlArt: 'L',
    AUFT_SPESEN: null,
    SteuerNummer: null,
    FirmenURL: null,
    KreditLimit: 0,
    ZahlungsMethode: 'R',
    PreisListNr: null,
    PreisListTyp: 'VK',
    KTNr: '100',
    WUSTCode: 'CH81',
    ErfasstVon: 'seed',
    ErfasstAm: DEMO_TIME,
    GeaendertAm: DEMO_TIME,
    ...o,
  };
}

/** The fixture customers 10001 and 10002, then generated ones up to `total`; the DEBITOR range. */
export async function seedCustomers(m: EntityManager, total: number): Promise<void> {
  const kontakt = await insertAddress(
    m,
    address({
      AdrFirma: 'Muster AG',
      AdrAdresse1: 'Bahnhofstrasse 1',
      OrtPLZ: '8001',
      OrtName: 'Zürich',
      EmailAdress: 'info@muster-ag.ch',
      AdrTf1: '+41 44 123 45 67',
    }),
  );
  const lief = await insertAddress(
    m,
    address({
      AdrFirma: 'Muster AG',
      AdrFirma2: 'Wareneingang',
      AdrAdresse1: 'Industriestrasse 12',
      OrtPLZ: '8400',
      OrtName: 'Winterthur',
    }),
  );
  const rech = await insertAddress(
    m,
    address({
      AdrFirma: 'Muster AG',
      AdrFirma2: 'Buchhaltung',
      AdrAdresse1: 'Bahnhofstrasse 1',
      AdrAdresse2: 'Postfach',
      OrtPLZ: '8001',
      OrtName: 'Zürich',
      EmailAdress: 'buchhaltung@muster-ag.ch',
    }),
  );
  await m.getRepository(CustomerEntity).insert(
    customer('10001', [kontakt, lief, rech], {
      KundBez: 'Muster AG',
      KreditLimit: 5000,
      PreisListNr: 5,
      PreisListTyp: 'HAENDLER',
      ZahlungsMethode: 'K,R',
      BrancheID: 'HANDEL',
    }),
  );
  await bulkInsert(m, AttributeEntity, [
    { ObjTyp: 'DEBI', ObjKey: '10001', PHKey: 'KUNDENGRUPPE', Contents: 'Großhandel' } as AttributeEntity,
  ]);
  const berlin = await insertAddress(
    m,
    address({
      AdrFirma: 'Beispiel GmbH',
      AdrAnrede: 1,
      AdrVorname: 'Jürgen',
      AdrName: 'Weiß',
      AdrAdresse1: 'Friedrichstraße 100',
      OrtPLZ: '10115',
      OrtName: 'Berlin',
      OrtLand: 'DE',
      EmailAdress: 'j.weiss@beispiel.de',
    }),
  );
  await m.getRepository(CustomerEntity).insert(
    customer('10002', [berlin, berlin, berlin], {
      KundBez: 'Beispiel GmbH',
      WaehrAbk: 'EUR',
      KreditLimit: 0,
      WUSTCode: 'DE19',
      KTNr: '200',
    }),
  );
  // D12: both are customers of web shop SHOP (the demo user's), so it may read and order for them.
  await bulkInsert(m, AttributeEntity, [
    {
      ObjTyp: 'DEBI',
      ObjKey: '10001',
      PHKey: DEMO_ATTRIBUTE_KEYS.webshop,
      Contents: 'SHOP',
    } as AttributeEntity,
    {
      ObjTyp: 'DEBI',
      ObjKey: '10002',
      PHKey: DEMO_ATTRIBUTE_KEYS.webshop,
      Contents: 'SHOP',
    } as AttributeEntity,
  ]);

  const batch = 2000;
  for (let start = 3; start <= total; start += batch) {
    const count = Math.min(batch, total - start + 1);
    const addresses: AddressSeed[] = [];
    for (let i = 0; i < count; i++) {
      const n = start + i;
      const [land, plz, ort] = POSTAL_CODES[n % POSTAL_CODES.length];
      addresses.push(
        address({
          AdrAnrede: n % 3,
          AdrVorname: 'Käthe',
          AdrName: `Müller ${n}`,
          AdrAdresse1: `Dorfstrasse ${n % 200}`,
          OrtPLZ: plz,
          OrtName: ort,
          OrtLand: land,
          EmailAdress: `kunde${n}@example.ch`,
        }),
      );
    }
    // One statement per chunk, within the database's parameter limit (SQL Server: 2100).
    const chunk = rowsPerStatement(m, m.connection.getMetadata(AddressEntity).columns.length);
    const saved = await m.getRepository(AddressEntity).save(addresses as AddressEntity[], { chunk });
    await bulkInsert(
      m,
      CustomerEntity,
      saved.map((a, i) =>
        customer(String(10000 + start + i), [a.AdrNr, a.AdrNr, a.AdrNr], {
          KundBez: `Müller ${start + i}`.slice(0, 24),
          WaehrAbk: a.OrtLand === 'DE' ? 'EUR' : 'CHF',
        }),
      ),
    );
    // The generated customers (benchmark data) belong to the demo web shop too.
    await bulkInsert(
      m,
      AttributeEntity,
      saved.map(
        (_a, i) =>
          ({
            ObjTyp: 'DEBI',
            ObjKey: String(10000 + start + i),
            PHKey: DEMO_ATTRIBUTE_KEYS.webshop,
            Contents: 'SHOP',
          }) as AttributeEntity,
      ),
    );
  }
  await bulkInsert(m, NumberRangeEntity, [
    { Name: 'DEBITOR', LetzteNr: 10000 + total, Bezeichnung: 'Kundennummern' },
  ]);
}
