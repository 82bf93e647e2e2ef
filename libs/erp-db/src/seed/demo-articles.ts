/** Demo data: the fixture articles (tests and docs rely on them) and generated ones. */
import Decimal from 'decimal.js';
import { deflateSync, crc32 } from 'node:zlib';
import { EntityManager } from 'typeorm';
import {
  ArticleEntity,
  ArticleMediaEntity,
  ArticleTextEntity,
  AttributeEntity,
  PackagingUnitEntity,
  PriceEntity,
  ReservationEntity,
  StockEntity,
} from '../entities';
import { bulkInsert } from './bulk-insert';
import { DEMO_TIME, PRODUCT_NAMES, PRODUCT_VARIANTS, DEMO_ATTRIBUTE_KEYS } from './demo-fixtures';

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

/** The fixture articles, then generated ones up to `total`, with texts, prices, stock and media. */
export async function seedArticles(m: EntityManager, total: number): Promise<void> {
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
