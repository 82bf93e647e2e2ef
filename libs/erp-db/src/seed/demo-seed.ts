import Decimal from 'decimal.js';
import { deflateSync, crc32 } from 'node:zlib';
import { DataSource, EntityManager } from 'typeorm';
import {
  AddressEntity,
  ApiUserEntity,
  ArticleEntity,
  ArticleMediaEntity,
  ArticleTextEntity,
  AttributeEntity,
  CompanyEntity,
  CurrencyEntity,
  CustomerEntity,
  NumberRangeEntity,
  OrderAddressEntity,
  OrderEntity,
  OrderLineEntity,
  OrderPaymentEntity,
  PackagingUnitEntity,
  PostalCodeEntity,
  PriceEntity,
  PriceListEntity,
  ReservationEntity,
  StockEntity,
  StoragePlaceEntity,
  StoreEntity,
  TaxCodeEntity,
} from '../entities';
import { hashPassword } from '../security/password-hash';
import { bulkInsert } from './bulk-insert';
import { refreshStatistics } from '../statistics';
import {
  CURRENCIES,
  DEMO_TIME,
  POSTAL_CODES,
  PRICE_LISTS,
  PRODUCT_NAMES,
  PRODUCT_VARIANTS,
  STORAGE_PLACES,
  STORES,
  TAX_CODES,
} from './demo-fixtures';

export interface SeedSize {
  articles: number;
  customers: number;
  orders: number;
}

export const DEFAULT_SEED_SIZE: SeedSize = { articles: 300, customers: 2, orders: 0 };

/** Attribute keys the demo data uses (the service's defaults for its settings). */
export const DEMO_ATTRIBUTE_KEYS = {
  webshop: 'RESTWEBSHOP',
  packaging: 'WEBSHOPVPE',
  usage: 'VERWENDUNG',
  events: 'RESTEVENTS',
};

const TAX_RATE: Record<string, string> = Object.fromEntries(TAX_CODES.map((t) => [t.WUSTCode, t.WUSTSatz]));

/** True when the database has no company record yet, i.e. nothing has been seeded. */
export async function isDatabaseEmpty(ds: DataSource): Promise<boolean> {
  return (await ds.getRepository(CompanyEntity).count()) === 0;
}

/**
 * Builds the deterministic demo data set: the fixtures that tests and documentation rely on,
 * plus generated articles, customers and orders up to the requested size.
 */
export async function seedDemo(ds: DataSource, size: Partial<SeedSize> = {}): Promise<void> {
  const s = { ...DEFAULT_SEED_SIZE, ...size };
  s.articles = Math.max(s.articles, 300);
  s.customers = Math.max(s.customers, 2);
  const [demoHash, adminHash] = await Promise.all([hashPassword('demo'), hashPassword('admin')]);
  await ds.transaction(async (m) => {
    await seedReferenceData(m);
    await seedArticles(m, s.articles);
    await seedCustomers(m, s.customers);
    await seedOrders(m, s.customers, s.orders);
    await bulkInsert(m, ApiUserEntity, [
      {
        name: 'demo',
        passwordHash: demoHash,
        role: 'shop',
        webshop: 'SHOP',
        usage: 'WEB',
        disabled: 0,
        createdAt: DEMO_TIME,
        updatedAt: DEMO_TIME,
      } as ApiUserEntity,
      {
        name: 'admin',
        passwordHash: adminHash,
        role: 'admin',
        webshop: null,
        usage: null,
        disabled: 0,
        createdAt: DEMO_TIME,
        updatedAt: DEMO_TIME,
      } as ApiUserEntity,
    ]);
  });
  await refreshStatistics(ds);
}

async function seedReferenceData(m: EntityManager): Promise<void> {
  await bulkInsert(m, CompanyEntity, [
    {
      FirmaNr: 1,
      FirmaName: 'Demo Handels AG',
      Leitwaehrung: 'CHF',
      StandardPreisListTyp: 'VK',
      StandardWUSTCode: 'CH81',
    },
  ]);
  await bulkInsert(m, AttributeEntity, [
    {
      ObjTyp: 'FIRM',
      ObjKey: '1',
      PHKey: DEMO_ATTRIBUTE_KEYS.events,
      Contents: 'REST_Auft,REST_Kunde',
    } as AttributeEntity,
  ]);
  await bulkInsert(m, CurrencyEntity, CURRENCIES);
  await bulkInsert(m, TaxCodeEntity, TAX_CODES);
  await bulkInsert(
    m,
    PostalCodeEntity,
    POSTAL_CODES.map(([OrtLand, OrtPLZ, OrtName]) => ({ OrtLand, OrtPLZ, OrtName }) as PostalCodeEntity),
  );
  await bulkInsert(m, StoreEntity, STORES);
  await bulkInsert(m, StoragePlaceEntity, STORAGE_PLACES);
  await bulkInsert(m, PriceListEntity, PRICE_LISTS);
}

type Tier = [ab: number, bis: number | null, price: string];

function priceRows(list: number, artNr: string, unit: string, tiers: Tier[]): PriceEntity[] {
  return tiers.map(
    ([ab, bis, price]) =>
      ({
        PreisListNr: list,
        ArtNr: artNr,
        VPEinheit: unit,
        AbAnzahl: String(ab),
        BisAnzahl: bis === null ? null : String(bis),
        PreisList: price,
        GeaendertAm: DEMO_TIME,
      }) as PriceEntity,
  );
}

interface ArticleSeed {
  article: ArticleEntity;
  texts: ArticleTextEntity[];
  attributes: AttributeEntity[];
  prices: PriceEntity[];
  packaging: PackagingUnitEntity[];
  stock: StockEntity[];
  reservations: ReservationEntity[];
}

function article(artNr: string, ger: string, fre: string, o: Partial<ArticleEntity> = {}): ArticleSeed {
  return {
    article: {
      ArtNr: artNr,
      ArtBez: ger,
      AnLager: 'J',
      ArtikelStatus: 1,
      Einheit: 'Stk',
      Farbe: '#1f6fb2',
      WUSTCode: 'CH81',
      ArtGruppe: 'HAUSHALT',
      HatVPE: 'N',
      ArtKlasse: 'HANDEL',
      BeschaffungsArt: 'E',
      VerarbeitungsArt: 'L',
      GeaendertAm: DEMO_TIME,
      ...o,
    },
    texts: [
      { ArtNr: artNr, AdrSprache: 'ger', ArtBez: ger },
      { ArtNr: artNr, AdrSprache: 'fre', ArtBez: fre },
    ],
    attributes: [
      {
        ObjTyp: 'ART',
        ObjKey: artNr,
        PHKey: DEMO_ATTRIBUTE_KEYS.webshop,
        Contents: 'SHOP',
      } as AttributeEntity,
    ],
    prices: [],
    packaging: [],
    stock: [],
    reservations: [],
  };
}

function stock(artNr: string, staoNr: number, lagerOrt: string, qty: number): StockEntity {
  return { ArtNr: artNr, StaoNr: staoNr, LagerOrt: lagerOrt, Bestand: String(qty), GeaendertAm: DEMO_TIME };
}

function reservation(artNr: string, staoNr: number, lagerOrt: string, qty: number): ReservationEntity {
  return {
    ArtNr: artNr,
    StaoNr: staoNr,
    LagerOrt: lagerOrt,
    Menge: String(qty),
    AuftNr: null,
    GeaendertAm: DEMO_TIME,
  } as ReservationEntity;
}

function packaging(
  artNr: string,
  unit: string,
  name: string,
  factor: number,
  weight: number,
): PackagingUnitEntity {
  return {
    ArtNr: artNr,
    VPEinheit: unit,
    VPBezeichnung: name,
    VPEFaktor: String(factor),
    Gewicht: String(factor),
    VPEGewicht: String(new Decimal(weight).plus(0.5).toFixed(2)),
    GewichtInhalt: String(weight),
    GeaendertAm: DEMO_TIME,
  };
}

/** The named fixture articles 1000-1005. */
function fixtureArticles(): ArticleSeed[] {
  const a1000 = article('1000', 'Kaffeebohnen Crème Röstung 1 kg', 'Grains de café torréfaction crème 1 kg', {
    HatVPE: 'J',
    WUSTCode: 'CH26',
    ArtGruppe: 'KAFFEE',
    Einheit: 'Pack',
  });
  a1000.packaging = [
    packaging('1000', 'KAR', 'Karton à 6 Pack', 6, 6),
    packaging('1000', 'PAL', 'Palette à 240 Pack', 240, 240),
  ];
  a1000.prices = [
    ...priceRows(1, '1000', '', [
      [1, 9, '24.90'],
      [10, 49, '23.50'],
      [50, null, '21.90'],
    ]),
    ...priceRows(1, '1000', 'KAR', [
      [1, 9, '140.00'],
      [10, null, '132.00'],
    ]),
    ...priceRows(1, '1000', 'PAL', [[1, null, '5200.00']]),
    ...priceRows(2, '1000', '', [[1, null, '26.50']]),
    ...priceRows(3, '1000', '', [[1, null, '19.80']]),
    ...priceRows(3, '1000', 'KAR', [[1, null, '115.00']]),
    ...priceRows(5, '1000', '', [[1, null, '18.50']]),
  ];
  a1000.stock = [stock('1000', 1, 'A-01', 120), stock('1000', 2, 'B-01', 35), stock('1000', 3, 'X-01', 999)];
  a1000.reservations = [reservation('1000', 1, 'A-01', 5)];

  const a1001 = article('1001', 'Küchenmaschine „Profi“ 1000 W', 'Robot de cuisine « Profi » 1000 W', {
    ArtGruppe: 'KUECHE',
  });
  a1001.prices = [
    ...priceRows(1, '1001', '', [[1, null, '349.00']]),
    ...priceRows(2, '1001', '', [[1, null, '369.00']]),
  ];
  a1001.stock = [stock('1001', 1, 'A-02', 8)];

  const a1002 = article(
    '1002',
    'Gewürzmühle Keramik (Preis auf Anfrage)',
    'Moulin à épices en céramique (prix sur demande)',
  );
  a1002.stock = [stock('1002', 1, 'A-02', 3)];

  const a1003 = article('1003', 'Händler-Display Aufsteller', 'Présentoir revendeur');
  a1003.attributes = [
    {
      ObjTyp: 'ART',
      ObjKey: '1003',
      PHKey: DEMO_ATTRIBUTE_KEYS.webshop,
      Contents: 'OTHER',
    } as AttributeEntity,
  ];
  a1003.prices = priceRows(1, '1003', '', [[1, null, '89.00']]);

  const a1004 = article('1004', 'Mineralwasser still 1,5 l', 'Eau minérale plate 1,5 l', {
    HatVPE: 'J',
    WUSTCode: 'CH26',
    ArtGruppe: 'GETRAENKE',
  });
  a1004.packaging = [
    packaging('1004', 'KAR', 'Karton à 6 Flaschen', 6, 9),
    packaging('1004', 'PAL', 'Palette à 504 Flaschen', 504, 756),
  ];
  a1004.attributes.push({
    ObjTyp: 'ART',
    ObjKey: '1004',
    PHKey: DEMO_ATTRIBUTE_KEYS.packaging,
    Contents: 'KAR',
  } as AttributeEntity);
  a1004.prices = [
    ...priceRows(1, '1004', '', [[1, null, '0.95']]),
    ...priceRows(1, '1004', 'KAR', [[1, null, '5.40']]),
    ...priceRows(1, '1004', 'PAL', [[1, null, '430.00']]),
  ];
  a1004.stock = [stock('1004', 1, 'A-01', 600)];

  const a1005 = article('1005', 'Schneeschaufel Aluminium', 'Pelle à neige en aluminium', {
    ArtGruppe: 'GARTEN',
  });
  a1005.prices = [
    ...priceRows(1, '1005', '', [[1, null, '39.90']]),
    ...priceRows(2, '1005', '', [[1, null, '42.00']]),
  ];
  a1005.stock = [stock('1005', 1, 'A-01', 2)];
  a1005.reservations = [reservation('1005', 1, 'A-01', 5)];
  return [a1000, a1001, a1002, a1003, a1004, a1005];
}

/** Generated catalogue article number n (1006 and up). */
function generatedArticle(n: number, total: number): ArticleSeed {
  const artNr = String(n);
  const [nameDe, nameFr] = PRODUCT_NAMES[n % PRODUCT_NAMES.length];
  const [varDe, varFr] = PRODUCT_VARIANTS[Math.floor(n / PRODUCT_NAMES.length) % PRODUCT_VARIANTS.length];
  const a = article(artNr, `${nameDe} ${varDe}, Modell ${n}`, `${nameFr} ${varFr}, modèle ${n}`, {
    WUSTCode: n % 13 === 0 ? null : n % 9 === 0 ? 'CH26' : 'CH81',
    ArtikelStatus: n >= 1000 + total - 10 ? 0 : 1,
    ArtGruppe: nameDe.slice(0, 12).toUpperCase(),
  });
  if (n % 10 === 0) a.attributes[0].Contents = 'SHOP,OTHER';
  const base = new Decimal(5 + ((n * 37) % 500)).plus(0.9);
  a.prices =
    n % 5 === 0
      ? priceRows(1, artNr, '', [
          [1, 9, base.toFixed(2)],
          [10, 49, base.times(0.95).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)],
          [50, null, base.times(0.9).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)],
        ])
      : priceRows(1, artNr, '', [[1, null, base.toFixed(2)]]);
  if (n % 7 !== 0)
    a.prices.push(...priceRows(2, artNr, '', [[1, null, base.times(1.06).toDecimalPlaces(2).toFixed(2)]]));
  if (n % 3 === 0)
    a.prices.push(...priceRows(3, artNr, '', [[1, null, base.times(0.8).toDecimalPlaces(2).toFixed(2)]]));
  a.stock = [stock(artNr, n % 2 === 0 ? 1 : 2, n % 2 === 0 ? 'A-01' : 'B-01', (n * 13) % 200)];
  return a;
}

/** A tiny valid PNG (a 4x4 square in the demo colour), built rather than shipped as a binary. */
export function demoPng(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 0x1f, 0x6f, 0xb2, 0x1f, 0x6f, 0xb2, 0x1f, 0x6f, 0xb2, 0x1f, 0x6f, 0xb2]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row, row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function seedArticles(m: EntityManager, total: number): Promise<void> {
  const batch = 5000;
  let pending: ArticleSeed[] = fixtureArticles();
  const flush = async (): Promise<void> => {
    await bulkInsert(
      m,
      ArticleEntity,
      pending.map((a) => a.article),
    );
    await bulkInsert(
      m,
      ArticleTextEntity,
      pending.flatMap((a) => a.texts),
    );
    await bulkInsert(
      m,
      AttributeEntity,
      pending.flatMap((a) => a.attributes),
    );
    await bulkInsert(
      m,
      PriceEntity,
      pending.flatMap((a) => a.prices),
    );
    await bulkInsert(
      m,
      PackagingUnitEntity,
      pending.flatMap((a) => a.packaging),
    );
    await bulkInsert(
      m,
      StockEntity,
      pending.flatMap((a) => a.stock),
    );
    await bulkInsert(
      m,
      ReservationEntity,
      pending.flatMap((a) => a.reservations),
    );
    pending = [];
  };
  for (let n = 1006; n < 1000 + total; n++) {
    pending.push(generatedArticle(n, total));
    if (pending.length >= batch) await flush();
  }
  await flush();
  await bulkInsert(m, ArticleMediaEntity, [
    {
      ArtNr: '1001',
      ArtGruppe: 'KUECHE',
      AMDBildFormat: 'image/png',
      AMDTextFormat: null,
      AMDVerwendung: 'WEB',
      AdrSprache: 'ger',
      OrtLand: 'CH',
      AMDDateiName: 'kuechenmaschine.png',
      AMDText: null,
      Kommentar: 'Produktbild Küchenmaschine',
      AMDBild: demoPng(),
      Modified: DEMO_TIME,
    } as ArticleMediaEntity,
    {
      ArtNr: '1001',
      ArtGruppe: 'KUECHE',
      AMDBildFormat: null,
      AMDTextFormat: 'txt',
      AMDVerwendung: null,
      AdrSprache: 'ger',
      OrtLand: 'CH',
      AMDDateiName: 'kuechenmaschine.txt',
      AMDText:
        'Die Küchenmaschine „Profi“ knetet, rührt und schlägt – für Teig, Sahne und Soßen. Größe: 40 × 25 cm.',
      Kommentar: 'Produktbeschreibung',
      AMDBild: null,
      Modified: DEMO_TIME,
    } as ArticleMediaEntity,
  ]);
}

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

async function seedCustomers(m: EntityManager, total: number): Promise<void> {
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
    const saved = await m.getRepository(AddressEntity).save(addresses as AddressEntity[], { chunk: 200 });
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

interface LineSeed {
  artNr: string;
  bez: string;
  qty: number;
  price: string;
  taxCode: string;
  discount?: number;
}

interface OrderSeed {
  AuftNr: string;
  AuftStatus: string;
  KundNr: string | null;
  WaehrAbk: string;
  rounding: string;
  erf: Date;
  lines: LineSeed[];
  addresses?: [number, number, number];
  extra?: Partial<OrderEntity>;
}

const round2 = (d: Decimal): Decimal => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function buildOrder(o: OrderSeed): { head: OrderEntity; lines: OrderLineEntity[] } {
  let net = new Decimal(0);
  let tax = new Decimal(0);
  const lines = o.lines.map((l, i) => {
    const rate = TAX_RATE[l.taxCode];
    const total = round2(
      new Decimal(l.price)
        .times(l.qty)
        .times(new Decimal(100).minus(l.discount ?? 0))
        .div(100),
    );
    const lineTax = round2(total.times(rate).div(100));
    net = net.plus(total);
    tax = tax.plus(lineTax);
    return {
      AuftNr: o.AuftNr,
      PosNr: i + 1,
      VisPosNr: i + 1,
      ArtNr: l.artNr,
      PosBez: l.bez,
      PosAnzBest: String(l.qty),
      PosPreisBasis: l.price,
      PosPreisEinzel: l.price,
      PosPreisTotal: total.toFixed(2),
      PosPreisWUSTBetrag: lineTax.toFixed(2),
      VPEAnzBest: null,
      VPEPreisEinzel: null,
      VPEinheit: null,
      WUSTSatz: rate,
      WUSTCode: l.taxCode,
      GRabSatz: l.discount === undefined ? null : String(l.discount),
      GRabBez: null,
    } as OrderLineEntity;
  });
  const step = new Decimal(o.rounding);
  const gross = net.plus(tax).div(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(step);
  const head: OrderEntity = {
    AuftNr: o.AuftNr,
    AuftStatus: o.AuftStatus,
    KundNr: o.KundNr,
    AuftBez: null,
    AuftBestellNr: null,
    AuftBestellRef: null,
    AuftBestellT: o.erf,
    AuftLieferT: null,
    WaehrAbk: o.WaehrAbk,
    AuftKomment: null,
    KTNr: '100',
    StaoNr: 1,
    KundBedTyp: null,
    AuftLiefKost: null,
    PreisListNr: null,
    PreisListTyp: 'HAENDLER',
    WUSTCode: 'CH81',
    AuftSummeNetto: net.toFixed(2),
    AuftSummeWUST: tax.toFixed(2),
    AuftSummeBrutto: gross.toFixed(2),
    OffertNr: null,
    FolgeAuftNr: null,
    ErfasstVon: 'seed',
    AuftErf: o.erf,
    GeaendertAm: o.erf,
    ...o.extra,
  };
  return { head, lines };
}

async function seedOrders(m: EntityManager, customers: number, generated: number): Promise<void> {
  const c = await m.getRepository(CustomerEntity).findOneByOrFail({ DebiNr: '10001' });
  const roles = (auftNr: string, adr: [number, number, number]): OrderAddressEntity[] => [
    { AuftNr: auftNr, AdrArt: 'KontaktAdr', AdrNr: adr[0] },
    { AuftNr: auftNr, AdrArt: 'LiefAdr', AdrNr: adr[1] },
    { AuftNr: auftNr, AdrArt: 'RechAdr', AdrNr: adr[2] },
  ];
  const coffee = { artNr: '1000', bez: 'Kaffeebohnen Crème Röstung 1 kg', taxCode: 'CH26' };
  const water = { artNr: '1004', bez: 'Mineralwasser still 1,5 l', taxCode: 'CH26' };
  const mixer = { artNr: '1001', bez: 'Küchenmaschine „Profi“ 1000 W', taxCode: 'CH81' };
  const day = (d: number): Date => new Date(DEMO_TIME.getTime() + d * 86400000);
  const muster: [number, number, number] = [c.KundKontakt, c.KundLief, c.KundRech];
  const fixtures: OrderSeed[] = [
    {
      AuftNr: '100001',
      AuftStatus: 'N',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(3),
      addresses: muster,
      lines: [
        { ...coffee, qty: 12, price: '18.50' },
        { ...mixer, qty: 1, price: '349.00', discount: 5 },
      ],
      extra: { AuftBestellNr: 'SHOP-2026-0001', AuftBez: 'Webshop-Bestellung' },
    },
    {
      AuftNr: '100002',
      AuftStatus: 'A',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(1),
      addresses: muster,
      lines: [{ ...water, qty: 24, price: '0.95' }],
    },
    {
      AuftNr: '500001',
      AuftStatus: 'P',
      KundNr: '10001',
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(2),
      addresses: muster,
      lines: [
        { ...coffee, qty: 20, price: '18.50' },
        { ...mixer, qty: 2, price: '339.00' },
      ],
      extra: { AuftBez: 'Offerte Muster AG' },
    },
    {
      AuftNr: '500002',
      AuftStatus: 'P',
      KundNr: null,
      WaehrAbk: 'CHF',
      rounding: '0.05',
      erf: day(2),
      lines: [{ ...coffee, qty: 6, price: '19.80' }],
      extra: { AuftBez: 'Vorlage Händler CHF' },
    },
    {
      AuftNr: '500003',
      AuftStatus: 'P',
      KundNr: null,
      WaehrAbk: 'EUR',
      rounding: '0.01',
      erf: day(2),
      lines: [{ ...coffee, qty: 6, price: '21.00' }],
      extra: { AuftBez: 'Vorlage Händler EUR' },
    },
  ];
  const heads: OrderEntity[] = [];
  const allLines: OrderLineEntity[] = [];
  const allRoles: OrderAddressEntity[] = [];
  const flush = async (): Promise<void> => {
    await bulkInsert(m, OrderEntity, heads.splice(0));
    await bulkInsert(m, OrderLineEntity, allLines.splice(0));
    await bulkInsert(m, OrderAddressEntity, allRoles.splice(0));
  };
  const add = (o: OrderSeed): void => {
    const { head, lines } = buildOrder(o);
    heads.push(head);
    allLines.push(...lines);
    if (o.addresses) allRoles.push(...roles(o.AuftNr, o.addresses));
  };
  fixtures.forEach(add);
  await bulkInsert(m, OrderPaymentEntity, []);
  const customerRows =
    customers > 2
      ? await m
          .getRepository(CustomerEntity)
          .find({ select: ['DebiNr', 'KundKontakt', 'WaehrAbk'], order: { DebiNr: 'ASC' } })
      : [];
  const pool = customerRows.filter((r) => r.DebiNr > '10002');
  for (let i = 0; i < generated; i++) {
    const cust = pool.length > 0 ? pool[i % pool.length] : null;
    const auftNr = String(100003 + i);
    const chf = !cust || cust.WaehrAbk === 'CHF';
    const artA = 1006 + ((i * 7) % 250);
    add({
      AuftNr: auftNr,
      AuftStatus: ['N', 'O', 'A'][i % 3],
      KundNr: cust ? cust.DebiNr : '10001',
      WaehrAbk: chf ? 'CHF' : 'EUR',
      rounding: chf ? '0.05' : '0.01',
      erf: day(10 + (i % 300)),
      addresses: cust ? [cust.KundKontakt, cust.KundKontakt, cust.KundKontakt] : muster,
      lines: [
        { artNr: String(artA), bez: `Artikel ${artA}`, qty: 1 + (i % 5), price: '12.90', taxCode: 'CH81' },
        { ...coffee, qty: 2, price: '24.90' },
        { ...water, qty: 6, price: '0.95', discount: 10 },
      ],
    });
    if (heads.length >= 2000) await flush();
  }
  await flush();
  await bulkInsert(m, NumberRangeEntity, [
    { Name: 'AUFTRAG', LetzteNr: 100002 + generated, Bezeichnung: 'Auftragsnummern' },
    { Name: 'OFFERTE', LetzteNr: 500003, Bezeichnung: 'Offertnummern' },
  ]);
}
