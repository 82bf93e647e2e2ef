import { ArticleField, ARTICLE_FIELDS } from './article-list-parameters';
import { ArticleDetails, articleRecord, RecordContext, stockByArticle } from './article.mapper';
import { ArticleRow } from './ports/article-catalogue';

const T = new Date('2026-01-05T08:00:00Z');
const row: ArticleRow = {
  ArtNr: 'A 1/2',
  AnLager: 'J',
  ArtBez: 'Test',
  ArtikelStatus: '1',
  Einheit: null,
  Farbe: null,
  WUSTSatz: '8.100',
  GeaendertAm: T,
  ArtGruppe: null,
  HatVPE: 'J',
  ArtKlasse: null,
  BeschaffungsArt: null,
  VerarbeitungsArt: null,
};

/** The record as a client reads it: written, then parsed. */
function toRecord(r: ArticleRow, details: ArticleDetails, ctx: RecordContext): Record<string, unknown> {
  return JSON.parse(JSON.stringify(articleRecord(r, details, ctx))) as Record<string, unknown>;
}

describe('article mapper', () => {
  it('sums stock and reservations per storage place, keeps negatives, orders by store and place', () => {
    const stock = stockByArticle([
      { ArtNr: 'X', StaoNr: 2, LagerOrt: 'B', Menge: '10.0000' },
      { ArtNr: 'X', StaoNr: 1, LagerOrt: 'A', Menge: 2 },
      { ArtNr: 'Y', StaoNr: 1, LagerOrt: 'Z', Menge: -1 },
      { ArtNr: 'X', StaoNr: 1, LagerOrt: 'A', Menge: -5 },
      { ArtNr: 'X', StaoNr: 2, LagerOrt: 'A', Menge: 1 },
      { ArtNr: 'X', StaoNr: 1, LagerOrt: 'A', Menge: '-0.5' },
    ]);
    expect(stock.get('X')).toEqual([
      { LagerOrt: 'A', StaoNr: 1, LagerBestand: -3.5 },
      { LagerOrt: 'A', StaoNr: 2, LagerBestand: 1 },
      { LagerOrt: 'B', StaoNr: 2, LagerBestand: 10 },
    ]);
    expect(stock.get('Y')).toEqual([{ LagerOrt: 'Z', StaoNr: 1, LagerBestand: -1 }]);
  });

  it('builds the record: WEBSHOPVPE filter, tiers without BisAnzahl in the last one, encoded links', () => {
    const tier = (ab: string, bis: string | null, price: string) => ({
      AbAnzahl: ab,
      BisAnzahl: bis,
      PreisList: price,
      Preisart: 'B',
      GeaendertAm: T,
      PreisListNr: 1,
    });
    const record = toRecord(
      row,
      {
        prices: new Map([
          [
            'A 1/2',
            new Map([
              ['', [tier('1', '9', '1.10'), tier('10', '20', '0.3')]],
              ['KAR', [tier('1', null, '6')]],
            ]),
          ],
        ]),
        attributes: new Map([
          ['A 1/2', [{ ArtNr: 'A 1/2', AttrID: 1, PHKey: 'WEBSHOPVPE', Contents: ' KAR ,' }]],
        ]),
        stock: new Map(),
        packaging: new Map([
          [
            'A 1/2',
            [
              {
                ArtNr: 'A 1/2',
                VPEinheit: 'PAL',
                VPBezeichnung: null,
                VPEFaktor: 100,
                Gewicht: null,
                VPEGewicht: null,
                GewichtInhalt: null,
              },
              {
                ArtNr: 'A 1/2',
                VPEinheit: 'KAR',
                VPBezeichnung: '',
                VPEFaktor: '6.0000',
                Gewicht: '6.0000',
                VPEGewicht: 1,
                GewichtInhalt: null,
              },
            ],
          ],
        ]),
      },
      {
        fields: new Set<ArticleField>(ARTICLE_FIELDS),
        baseUrl: 'https://h/p',
        waehrAbk: 'EUR',
        packagingKey: 'WEBSHOPVPE',
      },
    );
    expect(Object.keys(record)).toEqual([...ARTICLE_FIELDS]);
    expect(record).toEqual({
      ArtNr: 'A 1/2',
      AnLager: 'J',
      ArtBez: 'Test',
      Einheit: null,
      Farbe: null,
      ArtGruppe: null,
      HatVPE: 'J',
      ArtKlasse: null,
      BeschaffungsArt: null,
      VerarbeitungsArt: null,
      ArtikelStatus: 1,
      WUSTSatz: 8.1,
      GeaendertAmUTC: '2026-01-05T08:00:00Z',
      WaehrAbk: 'EUR',
      attributes: [{ Contents: ' KAR ,', PHKey: 'WEBSHOPVPE' }],
      links: [
        { href: 'https://h/p/www/artikel/A%201%2F2', type: 'GET', rel: 'artikel' },
        { href: 'https://h/p/www/artikelmedia/A%201%2F2', type: 'GET', rel: 'artikelmedia' },
      ],
      Preis: [
        { AbAnzahl: 1, BisAnzahl: 9, PreisList: 1.1, Preisart: 'B', GeaendertAmUTC: '2026-01-05T08:00:00Z' },
        { AbAnzahl: 10, PreisList: 0.3, Preisart: 'B', GeaendertAmUTC: '2026-01-05T08:00:00Z' },
      ],
      Bestand: [],
      Verpackungen: [
        {
          VPEinheit: 'KAR',
          Gewicht: 6,
          VPEGewicht: 1,
          GewichtInhalt: null,
          Preis: [{ AbAnzahl: 1, PreisList: 6, Preisart: 'B', GeaendertAmUTC: '2026-01-05T08:00:00Z' }],
        },
      ],
    });
  });

  it('WEBSHOPVPE is a comma list like RESTWEBSHOP and VERWENDUNG: units compared ignoring case and blanks', () => {
    const unit = (VPEinheit: string, VPEFaktor: number) => ({
      ArtNr: 'A 1/2',
      VPEinheit,
      VPBezeichnung: null,
      VPEFaktor,
      Gewicht: null,
      VPEGewicht: null,
      GewichtInhalt: null,
    });
    const units = (contents: string | null) =>
      (
        toRecord(
          row,
          {
            prices: new Map(),
            attributes: new Map([
              ['A 1/2', [{ ArtNr: 'A 1/2', AttrID: 1, PHKey: 'WEBSHOPVPE', Contents: contents }]],
            ]),
            stock: new Map(),
            packaging: new Map([['A 1/2', [unit('PAL', 100), unit('Kar', 6), unit('ST', 1)]]]),
          },
          {
            fields: new Set<ArticleField>(['Verpackungen']),
            baseUrl: 'https://h/p',
            waehrAbk: 'EUR',
            packagingKey: 'WEBSHOPVPE',
          },
        ).Verpackungen as Array<{ VPEinheit: string }>
      ).map((p) => p.VPEinheit);
    expect(units('kar, p al')).toEqual(['Kar', 'PAL']);
    expect(units(' ,st,')).toEqual(['ST']);
    expect(units(' , ')).toEqual(['ST', 'Kar', 'PAL']);
    expect(units(null)).toEqual(['ST', 'Kar', 'PAL']);
  });
});
