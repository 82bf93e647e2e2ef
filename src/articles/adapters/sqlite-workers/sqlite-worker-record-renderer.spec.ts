import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArticleField } from '../../article-fields';
import { ArticleFilter, ArticleRow, ArticleSort } from '../../ports/article-catalogue';
import { RenderContext } from '../../ports/article-record-renderer';
import { SqliteRenderPoolSettings, SqliteWorkerRecordRenderer } from './sqlite-worker-record-renderer';

const STAMP = '2026-01-05 08:00:00.000';

/** The tables the detail queries read, with one article's rows (and rows that must not show). */
function createCatalogue(file: string): void {
  const db = new (sqliteDriver())(file);
  db.exec(`
    CREATE TABLE "Attribut" ("AttrID" integer PRIMARY KEY, "ObjTyp" varchar, "ObjKey" varchar, "PHKey" varchar, "Contents" varchar);
    CREATE TABLE "Standort" ("StaoNr" integer PRIMARY KEY, "Freigegeben" varchar);
    CREATE TABLE "Lagerbestand" ("ArtNr" varchar, "StaoNr" integer, "LagerOrt" varchar, "Bestand" decimal);
    CREATE TABLE "Reservierung" ("ArtNr" varchar, "StaoNr" integer, "LagerOrt" varchar, "Menge" decimal);
    CREATE TABLE "ArtikelVPE" ("ArtNr" varchar, "VPEinheit" varchar, "VPBezeichnung" varchar, "VPEFaktor" decimal,
      "Gewicht" decimal, "VPEGewicht" decimal, "GewichtInhalt" decimal);
    CREATE TABLE "Preis" ("PreisListNr" integer, "ArtNr" varchar, "VPEinheit" varchar, "AbAnzahl" decimal,
      "BisAnzahl" decimal, "PreisList" decimal, "GeaendertAm" datetime);
    CREATE TABLE "Artikel" ("ArtNr" varchar PRIMARY KEY, "ArtBez" varchar, "AnLager" varchar, "ArtikelStatus" integer,
      "Einheit" varchar, "Farbe" varchar, "WUSTCode" varchar, "ArtGruppe" varchar, "HatVPE" varchar, "ArtKlasse" varchar,
      "BeschaffungsArt" varchar, "VerarbeitungsArt" varchar, "GeaendertAm" datetime);
    CREATE INDEX "IX_Artikel_Status_ArtBez" ON "Artikel" ("ArtikelStatus", "ArtBez", "ArtNr");
    CREATE TABLE "MWSTCode" ("WUSTCode" varchar PRIMARY KEY, "WUSTSatz" decimal);
    CREATE TABLE "Firma" ("StandardWUSTCode" varchar);
    INSERT INTO "Firma" VALUES ('1');
    INSERT INTO "MWSTCode" VALUES ('1', 19);
    INSERT INTO "Artikel" ("ArtNr", "ArtBez", "AnLager", "ArtikelStatus", "HatVPE", "GeaendertAm") VALUES
      ('B2', 'Bohrer', 'J', 1, 'N', '${STAMP}'), ('A1', 'Zange', 'J', 1, 'N', '${STAMP}'),
      ('C3', 'Feile', 'J', 1, 'N', '${STAMP}'), ('D4', 'Öse – 5 €', 'J', 1, 'N', '${STAMP}');
    INSERT INTO "Attribut" VALUES (1, 'ART', 'A1', 'RESTWEBSHOP', 'SHOP'), (2, 'ART', 'A1', 'FARBE', 'rot'),
      (3, 'KND', 'A1', 'FARBE', 'blau');
    INSERT INTO "Standort" VALUES (1, 'J'), (2, 'N');
    INSERT INTO "Lagerbestand" VALUES ('A1', 1, 'B-01', 5), ('A1', 2, 'X-01', 7);
    INSERT INTO "Reservierung" VALUES ('A1', 1, 'B-01', 8);
    INSERT INTO "Preis" VALUES (2, 'A1', '', 1, 9, 10.5, '${STAMP}'), (2, 'A1', '', 10, NULL, 9.75, '${STAMP}'),
      (3, 'A1', '', 1, NULL, 1, '${STAMP}');
  `);
  db.close();
}

const ROW: ArticleRow = {
  ArtNr: 'A1',
  AnLager: 'J',
  ArtBez: 'Ärmelschoner',
  ArtikelStatus: 1,
  Einheit: 'Stk',
  Farbe: null,
  WUSTSatz: 19,
  GeaendertAm: new Date('2026-01-05T08:00:00Z'),
  ArtGruppe: null,
  HatVPE: 'N',
  ArtKlasse: null,
  BeschaffungsArt: null,
  VerarbeitungsArt: null,
};

const CTX: RenderContext = {
  record: {
    fields: new Set<ArticleField>(['ArtNr', 'ArtBez', 'attributes', 'Preis', 'Bestand']),
    baseUrl: 'http://erp.example',
    waehrAbk: 'EUR',
    packagingKey: 'WEBSHOPVPE',
  },
  prices: {
    context: { debiNr: null, waehrAbk: 'EUR' },
    lists: [{ PreisListNr: 2, Preisart: 'N', step: 2 }],
    key: 'EUR:2N',
  },
};

const EXPECTED =
  '{"ArtNr":"A1","ArtBez":"Ärmelschoner",' +
  '"attributes":[{"Contents":"rot","PHKey":"FARBE"},{"Contents":"SHOP","PHKey":"RESTWEBSHOP"}],' +
  '"Preis":[{"AbAnzahl":1,"BisAnzahl":9,"PreisList":10.5,"Preisart":"N","GeaendertAmUTC":"2026-01-05T08:00:00Z"},' +
  '{"AbAnzahl":10,"PreisList":9.75,"Preisart":"N","GeaendertAmUTC":"2026-01-05T08:00:00Z"}],' +
  '"Bestand":[{"LagerOrt":"B-01","StaoNr":1,"LagerBestand":-3}]}';

describe('SqliteWorkerRecordRenderer', () => {
  let dir: string;
  let file: string;
  const pools: SqliteWorkerRecordRenderer[] = [];
  const pool = (settings: Partial<SqliteRenderPoolSettings> = {}) => {
    const p = new SqliteWorkerRecordRenderer({
      file,
      threads: 2,
      idleMs: 60_000,
      cacheKiB: 1024,
      ...settings,
    } as SqliteRenderPoolSettings);
    pools.push(p);
    return p;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'render-workers-'));
    file = join(dir, 'catalogue.sqlite');
    createCatalogue(file);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.onApplicationShutdown()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders records from its own read-only connection, in the rows order', async () => {
    const renderer = pool();
    const other: ArticleRow = { ...ROW, ArtNr: 'B2', ArtBez: 'ohne Preis' };
    expect(await renderer.render([ROW, other], CTX)).toEqual([
      EXPECTED,
      '{"ArtNr":"B2","ArtBez":"ohne Preis","attributes":[],"Bestand":[]}',
    ]);
    expect(await renderer.render([], CTX)).toEqual([]);
  });

  it('starts a new worker after an idle one has ended', async () => {
    const renderer = pool({ threads: 1, idleMs: 20 });
    expect(await renderer.render([ROW], CTX)).toEqual([EXPECTED]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await renderer.render([ROW], CTX)).toEqual([EXPECTED]);
  });

  it('a batch sent while an idle worker is ending goes to a new worker and succeeds', async () => {
    const renderer = pool({ threads: 1, idleMs: 20 });
    for (const wait of [15, 20, 22, 25, 30, 40]) {
      expect(await renderer.render([ROW], CTX)).toEqual([EXPECTED]);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    expect(await renderer.render([ROW], CTX)).toEqual([EXPECTED]);
  });

  it('a run of the list read as a range: moved articles read by number, gone ones left out', async () => {
    const renderer = pool();
    const filter: ArticleFilter = { language: 'ger', webshop: null, activeOnly: true, modifiedSince: null };
    const sorts: ArticleSort[] = [{ column: 'ArtBez', descending: false }];
    // The keys as the list read them: A1 has been renamed to "Zange" since (out of the range), X9 deleted.
    const run = [
      { artNr: 'B2', keys: ['Bohrer', 'B2'] },
      { artNr: 'A1', keys: ['Dübel', 'A1'] },
      { artNr: 'X9', keys: ['Eimer', 'X9'] },
      { artNr: 'C3', keys: ['Feile', 'C3'] },
    ];
    const ctx = {
      ...CTX,
      record: { ...CTX.record, fields: new Set<ArticleField>(['ArtNr', 'ArtBez', 'WUSTSatz']) },
    };
    expect(renderer.readsKeyedRuns(sorts, 'ger')).toBe(true);
    const encoded = await renderer.renderKeyed(run, filter, sorts, ctx, 'iso-8859-1');
    expect(encoded.count).toBe(3);
    expect(Buffer.from(encoded.bytes).toString('latin1')).toBe(
      '{"ArtNr":"B2","ArtBez":"Bohrer","WUSTSatz":19},' +
        '{"ArtNr":"A1","ArtBez":"Zange","WUSTSatz":19},' +
        '{"ArtNr":"C3","ArtBez":"Feile","WUSTSatz":19}',
    );
  });

  it('encodes a run in the response charset: Latin-1 with escapes, or UTF-8', async () => {
    const renderer = pool();
    const filter: ArticleFilter = { language: 'ger', webshop: null, activeOnly: true, modifiedSince: null };
    const run = [{ artNr: 'D4', keys: ['D4'] }];
    const ctx = { ...CTX, record: { ...CTX.record, fields: new Set<ArticleField>(['ArtNr', 'ArtBez']) } };
    const latin1 = await renderer.renderKeyed(run, filter, [], ctx, 'iso-8859-1');
    expect(Buffer.from(latin1.bytes).toString('hex')).toBe(
      Buffer.from('{"ArtNr":"D4","ArtBez":"\xd6se \\u2013 5 \\u20ac"}', 'latin1').toString('hex'),
    );
    const utf8 = await renderer.renderKeyed(run, filter, [], ctx, 'utf-8');
    expect(Buffer.from(utf8.bytes).toString('utf8')).toBe('{"ArtNr":"D4","ArtBez":"Öse – 5 €"}');
    expect(utf8.count).toBe(1);
  });

  it('fails the batch, not the process, when a worker cannot open the database', async () => {
    const renderer = pool({ file: join(dir, 'missing.sqlite') });
    const why = /article render worker failed: cannot open .*missing\.sqlite: unable to open database file/;
    await expect(renderer.render([ROW], CTX)).rejects.toThrow(why);
    await expect(renderer.render([ROW], CTX)).rejects.toThrow(why);
  });

  it('fails the batches still open when it is shut down', async () => {
    const renderer = pool({ threads: 1 });
    const open = expect(renderer.render([ROW], CTX)).rejects.toThrow('article render worker stopped');
    await renderer.onApplicationShutdown();
    await open;
  });
});
