import { MigrationInterface, QueryRunner } from 'typeorm';
import { bin, createTable, dec, int, str, ts, txt } from './schema-builder';

/** The ERP tables the interface needs, plus the service's own tables. */
export class InitialSchema1700000000000 implements MigrationInterface {
  name = 'InitialSchema1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await createTable(q, 'Adressen', [
      int('AdrNr', { primary: true, generated: true }),
      str('AdrSprache', 4, { nullable: true }),
      str('EmailAdress', 255, { nullable: true }),
      str('AdrAdresse1', 60, { nullable: true }),
      str('AdrAdresse2', 60, { nullable: true }),
      int('AdrAnrede', { default: 0 }),
      str('AdrFax', 28, { nullable: true }),
      str('AdrFirma', 36, { nullable: true }),
      str('AdrFirma2', 36, { nullable: true }),
      str('AdrVorname', 36, { nullable: true }),
      str('AdrName', 36, { nullable: true }),
      str('AdrTelex', 28, { nullable: true }),
      str('AdrTf1', 28, { nullable: true }),
      str('AdrTf2', 28, { nullable: true }),
      str('OrtLand', 4, { nullable: true }),
      str('OrtName', 48, { nullable: true }),
      str('OrtPLZ', 10, { nullable: true }),
      str('ErfasstVon', 64, { nullable: true }),
      ts('ErfasstAm'),
      ts('GeaendertAm'),
    ]);
    await createTable(q, 'Debitor', [
      str('DebiNr', 8, { primary: true }),
      str('KundBez', 24, { nullable: true }),
      str('WaehrAbk', 4),
      str('BrancheID', 12, { nullable: true }),
      int('KundKontakt'),
      int('KundLief'),
      int('KundRech'),
      str('Kommentar', 255, { nullable: true }),
      str('VBTyp', 12, { nullable: true }),
      str('TVTyp', 12, { nullable: true }),
      str('FAKTZahlArt', 1, { nullable: true }),
      str('AUFT_SPESEN', 32, { nullable: true }),
      str('SteuerNummer', 20, { nullable: true }),
      str('FirmenURL', 20, { nullable: true }),
      int('KreditLimit', { default: 0 }),
      str('ZahlungsMethode', 20, { nullable: true }),
      int('PreisListNr', { nullable: true }),
      str('PreisListTyp', 12, { nullable: true }),
      str('KTNr', 6, { nullable: true }),
      str('WUSTCode', 8, { nullable: true }),
      str('ErfasstVon', 64, { nullable: true }),
      ts('ErfasstAm'),
      ts('GeaendertAm'),
    ]);
    await createTable(
      q,
      'Auftrag',
      [
        str('AuftNr', 10, { primary: true }),
        str('AuftStatus', 1),
        str('KundNr', 8, { nullable: true }),
        str('AuftBez', 80, { nullable: true }),
        str('AuftBestellNr', 36, { nullable: true }),
        str('AuftBestellRef', 60, { nullable: true }),
        ts('AuftBestellT', { nullable: true }),
        ts('AuftLieferT', { nullable: true }),
        str('WaehrAbk', 4),
        str('AuftKomment', 255, { nullable: true }),
        str('KTNr', 6, { nullable: true }),
        int('StaoNr', { nullable: true }),
        int('KundBedTyp', { nullable: true }),
        dec('AuftLiefKost', 19, 4, { nullable: true }),
        int('PreisListNr', { nullable: true }),
        str('PreisListTyp', 12, { nullable: true }),
        str('WUSTCode', 8, { nullable: true }),
        dec('AuftSummeNetto', 19, 2, { default: 0 }),
        dec('AuftSummeWUST', 19, 2, { default: 0 }),
        dec('AuftSummeBrutto', 19, 2, { default: 0 }),
        str('OffertNr', 10, { nullable: true }),
        str('FolgeAuftNr', 10, { nullable: true }),
        str('ErfasstVon', 64, { nullable: true }),
        ts('AuftErf'),
        ts('GeaendertAm'),
      ],
      [
        {
          name: 'UQ_Auftrag_KundNr_BestellNr',
          columns: ['KundNr', 'AuftBestellNr'],
          unique: true,
          where: '"AuftBestellNr" IS NOT NULL AND "KundNr" IS NOT NULL',
        },
        { name: 'UQ_Auftrag_OffertNr', columns: ['OffertNr'], unique: true, where: '"OffertNr" IS NOT NULL' },
        { name: 'IX_Auftrag_KundNr_AuftErf', columns: ['KundNr', 'AuftErf'] },
      ],
    );
    await createTable(q, 'AuftragPos', [
      str('AuftNr', 10, { primary: true }),
      int('PosNr', { primary: true }),
      int('VisPosNr', { nullable: true }),
      str('ArtNr', 15),
      str('PosBez', 2048, { nullable: true }),
      dec('PosAnzBest', 18, 4),
      dec('PosPreisBasis', 19, 4),
      dec('PosPreisEinzel', 19, 4),
      dec('PosPreisTotal', 19, 2),
      dec('PosPreisWUSTBetrag', 19, 2),
      dec('VPEAnzBest', 18, 4, { nullable: true }),
      dec('VPEPreisEinzel', 19, 4, { nullable: true }),
      str('VPEinheit', 30, { nullable: true }),
      dec('WUSTSatz', 7, 3),
      str('WUSTCode', 8, { nullable: true }),
      dec('GRabSatz', 7, 3, { nullable: true }),
      dec('GRabBez', 19, 4, { nullable: true }),
    ]);
    await createTable(q, 'AuftragAdr', [
      str('AuftNr', 10, { primary: true }),
      str('AdrArt', 12, { primary: true }),
      int('AdrNr'),
    ]);
    await createTable(q, 'AuftragZahlung', [
      str('AuftNr', 10, { primary: true }),
      str('Key', 12, { primary: true }),
      str('Bezeichnung', 255, { nullable: true }),
      str('Wert', 200, { nullable: true }),
    ]);
    await createTable(
      q,
      'Artikel',
      [
        str('ArtNr', 15, { primary: true }),
        str('ArtBez', 255),
        str('AnLager', 1, { default: 'J' }),
        int('ArtikelStatus', { default: 1 }),
        str('Einheit', 12, { nullable: true }),
        str('Farbe', 12, { nullable: true }),
        str('WUSTCode', 8, { nullable: true }),
        str('ArtGruppe', 12, { nullable: true }),
        str('HatVPE', 1, { default: 'N' }),
        str('ArtKlasse', 8, { nullable: true }),
        str('BeschaffungsArt', 1, { nullable: true }),
        str('VerarbeitungsArt', 1, { nullable: true }),
        ts('GeaendertAm'),
      ],
      [
        { name: 'IX_Artikel_ArtBez', columns: ['ArtBez', 'ArtNr'] },
        { name: 'IX_Artikel_GeaendertAm', columns: ['GeaendertAm'] },
      ],
    );
    await createTable(
      q,
      'ArtikelText',
      [str('ArtNr', 15, { primary: true }), str('AdrSprache', 4, { primary: true }), str('ArtBez', 255)],
      [{ name: 'IX_ArtikelText_Sprache_ArtBez', columns: ['AdrSprache', 'ArtBez', 'ArtNr'] }],
    );
    await createTable(
      q,
      'Attribut',
      [
        int('AttrID', { primary: true, generated: true }),
        str('ObjTyp', 4),
        str('ObjKey', 15),
        str('PHKey', 12),
        str('Contents', 200, { nullable: true }),
      ],
      [
        { name: 'IX_Attribut_Owner', columns: ['ObjTyp', 'ObjKey', 'PHKey'] },
        { name: 'IX_Attribut_Key', columns: ['ObjTyp', 'PHKey', 'Contents'] },
      ],
    );
    await createTable(q, 'PreisListe', [
      int('PreisListNr', { primary: true }),
      str('Bezeichnung', 60, { nullable: true }),
      str('PreisListTyp', 12, { nullable: true }),
      str('WaehrAbk', 4),
      str('Preisart', 1, { default: 'N' }),
      str('KundNr', 8, { nullable: true }),
    ]);
    await createTable(
      q,
      'Preis',
      [
        int('PreisID', { primary: true, generated: true }),
        int('PreisListNr'),
        str('ArtNr', 15),
        str('VPEinheit', 30, { default: '' }),
        dec('AbAnzahl', 18, 4),
        dec('BisAnzahl', 18, 4, { nullable: true }),
        dec('PreisList', 19, 4),
        ts('GeaendertAm'),
      ],
      [
        { name: 'IX_Preis_Liste_Artikel', columns: ['PreisListNr', 'ArtNr', 'VPEinheit', 'AbAnzahl'] },
        { name: 'IX_Preis_Artikel', columns: ['ArtNr', 'GeaendertAm'] },
      ],
    );
    await createTable(q, 'ArtikelVPE', [
      str('ArtNr', 15, { primary: true }),
      str('VPEinheit', 30, { primary: true }),
      str('VPBezeichnung', 60, { nullable: true }),
      dec('VPEFaktor', 18, 4, { default: 1 }),
      dec('Gewicht', 18, 4, { nullable: true }),
      dec('VPEGewicht', 18, 4, { nullable: true }),
      dec('GewichtInhalt', 18, 4, { nullable: true }),
      ts('GeaendertAm'),
    ]);
    await createTable(q, 'Standort', [
      int('StaoNr', { primary: true }),
      str('StaoBez', 60, { nullable: true }),
      str('Freigegeben', 1, { default: 'J' }),
    ]);
    await createTable(q, 'Lagerort', [
      int('StaoNr', { primary: true }),
      str('LagerOrt', 20, { primary: true }),
      str('Bezeichnung', 60, { nullable: true }),
    ]);
    await createTable(
      q,
      'Lagerbestand',
      [
        str('ArtNr', 15, { primary: true }),
        int('StaoNr', { primary: true }),
        str('LagerOrt', 20, { primary: true }),
        dec('Bestand', 18, 4, { default: 0 }),
        ts('GeaendertAm'),
      ],
      [{ name: 'IX_Lagerbestand_GeaendertAm', columns: ['ArtNr', 'GeaendertAm'] }],
    );
    await createTable(
      q,
      'Reservierung',
      [
        int('ResNr', { primary: true, generated: true }),
        str('ArtNr', 15),
        int('StaoNr'),
        str('LagerOrt', 20),
        dec('Menge', 18, 4),
        str('AuftNr', 10, { nullable: true }),
        ts('GeaendertAm'),
      ],
      [{ name: 'IX_Reservierung_Artikel', columns: ['ArtNr', 'StaoNr', 'LagerOrt'] }],
    );
    await createTable(
      q,
      'ArtikelMedia',
      [
        int('IDKey', { primary: true, generated: true }),
        str('ArtNr', 15),
        str('ArtGruppe', 12, { nullable: true }),
        str('AMDBildFormat', 12, { nullable: true }),
        str('AMDTextFormat', 12, { nullable: true }),
        str('AMDVerwendung', 12, { nullable: true }),
        str('AdrSprache', 4, { nullable: true }),
        str('OrtLand', 4, { nullable: true }),
        str('AMDDateiName', 255),
        txt('AMDText', { nullable: true }),
        str('Kommentar', 255, { nullable: true }),
        bin('AMDBild', { nullable: true }),
        ts('Modified'),
      ],
      [{ name: 'IX_ArtikelMedia_ArtNr', columns: ['ArtNr'] }],
    );
    await createTable(q, 'Waehrung', [
      str('WaehrAbk', 4, { primary: true }),
      str('WaehrBez', 40, { nullable: true }),
      dec('Rundung', 9, 4, { default: 0.01 }),
    ]);
    await createTable(q, 'MWSTCode', [
      str('WUSTCode', 8, { primary: true }),
      dec('WUSTSatz', 7, 3),
      str('WUSTBez', 40),
      str('WUSTKlasse', 1),
      str('VSTSZiffer', 12, { nullable: true }),
      str('USTSZiffer', 12, { nullable: true }),
      str('USTUZiffer', 12, { nullable: true }),
      str('OrtLand', 4, { nullable: true }),
    ]);
    await createTable(
      q,
      'PLZVerzeichnis',
      [
        int('PLZID', { primary: true, generated: true }),
        str('OrtLand', 4),
        str('OrtPLZ', 10),
        str('OrtName', 48),
      ],
      [{ name: 'UQ_PLZ_Land_PLZ_Ort', columns: ['OrtLand', 'OrtPLZ', 'OrtName'], unique: true }],
    );
    await createTable(q, 'Nummernkreis', [
      str('Name', 20, { primary: true }),
      int('LetzteNr'),
      str('Bezeichnung', 60, { nullable: true }),
    ]);
    await createTable(q, 'Firma', [
      int('FirmaNr', { primary: true }),
      str('FirmaName', 60),
      str('Leitwaehrung', 4),
      str('StandardPreisListTyp', 12, { nullable: true }),
      str('StandardWUSTCode', 8),
    ]);
    await createTable(q, 'rest_user', [
      int('id', { primary: true, generated: true }),
      str('name', 64, { unique: true }),
      str('password_hash', 255),
      str('role', 10),
      str('webshop', 36, { nullable: true }),
      str('usage', 36, { nullable: true }),
      int('disabled', { default: 0 }),
      ts('created_at'),
      ts('updated_at'),
    ]);
    await createTable(
      q,
      'rest_token',
      [
        str('token_hash', 64, { primary: true }),
        int('user_id'),
        ts('expires_at'),
        ts('created_at'),
        ts('revoked_at', { nullable: true }),
      ],
      [{ name: 'IX_rest_token_user', columns: ['user_id'] }],
    );
    await createTable(q, 'rest_idempotency', [
      str('user_name', 64, { primary: true }),
      str('idem_key', 255, { primary: true }),
      str('method', 10),
      str('path', 255),
      str('request_hash', 64),
      int('status_code', { nullable: true }),
      txt('response_body', { nullable: true }),
      txt('response_headers', { nullable: true }),
      ts('created_at'),
    ]);
    await createTable(
      q,
      'rest_outbox',
      [
        int('id', { primary: true, generated: true }),
        str('event', 20),
        txt('payload'),
        ts('created_at'),
        ts('processed_at', { nullable: true }),
        int('attempts', { default: 0 }),
        ts('next_attempt_at', { nullable: true }),
        str('last_error', 500, { nullable: true }),
      ],
      [{ name: 'IX_rest_outbox_pending', columns: ['processed_at', 'next_attempt_at'] }],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const tables = [
      'rest_outbox',
      'rest_idempotency',
      'rest_token',
      'rest_user',
      'Firma',
      'Nummernkreis',
      'PLZVerzeichnis',
      'MWSTCode',
      'Waehrung',
      'ArtikelMedia',
      'Reservierung',
      'Lagerbestand',
      'Lagerort',
      'Standort',
      'ArtikelVPE',
      'Preis',
      'PreisListe',
      'Attribut',
      'ArtikelText',
      'Artikel',
      'AuftragZahlung',
      'AuftragAdr',
      'AuftragPos',
      'Auftrag',
      'Debitor',
      'Adressen',
    ];
    for (const t of tables) await q.dropTable(t);
  }
}
