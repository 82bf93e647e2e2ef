-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- company (the reference data, read once for company, cashRounding, storeExists and taxCodes)
SELECT "FirmaNr", "Leitwaehrung", "StandardWUSTCode" FROM "Firma" ORDER BY "FirmaNr";
SELECT "WaehrAbk", "Rundung" FROM "Waehrung";
SELECT "WUSTCode", "WUSTSatz", "WUSTBez", "WUSTKlasse", "VSTSZiffer", "USTSZiffer", "USTUZiffer" FROM "MWSTCode";
SELECT "StaoNr" FROM "Standort";

-- customer
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."DebiNr" = @0;

-- customer (in a web shop)
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."DebiNr" = @0 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0;

-- lookUp (articles all, customers all)
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech", 1 AS "InScope",
  (SELECT MIN(o."AuftNr") FROM "Auftrag" o WHERE o."KundNr" = @0 AND o."AuftBestellNr" = @1) AS "ExistingAuftNr",
  a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "ArtWUSTCode", t."ArtBez" AS "TextBez",
  CASE WHEN a."ArtikelStatus" = 1 THEN 1 ELSE 0 END AS "Orderable",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM (SELECT 1 AS "one") x
LEFT JOIN "Debitor" d ON d."DebiNr" = @0
LEFT JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt"
LEFT JOIN "Artikel" a ON a."ArtNr" IN (@2)
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = k."AdrSprache"
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr";

-- lookUp (articles all, customers of a web shop)
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech", CASE WHEN (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @0
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @1 ESCAPE '!') > 0 THEN 1 ELSE 0 END AS "InScope",
  (SELECT MIN(o."AuftNr") FROM "Auftrag" o WHERE o."KundNr" = @2 AND o."AuftBestellNr" = @3) AS "ExistingAuftNr",
  a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "ArtWUSTCode", t."ArtBez" AS "TextBez",
  CASE WHEN a."ArtikelStatus" = 1 THEN 1 ELSE 0 END AS "Orderable",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM (SELECT 1 AS "one") x
LEFT JOIN "Debitor" d ON d."DebiNr" = @2
LEFT JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt"
LEFT JOIN "Artikel" a ON a."ArtNr" IN (@4)
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = k."AdrSprache"
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr";

-- lookUp (articles of a web shop, customers all)
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech", 1 AS "InScope",
  (SELECT MIN(o."AuftNr") FROM "Auftrag" o WHERE o."KundNr" = @0 AND o."AuftBestellNr" = @1) AS "ExistingAuftNr",
  a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "ArtWUSTCode", t."ArtBez" AS "TextBez",
  CASE WHEN a."ArtikelStatus" = 1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = a."ArtNr"
      AND w."PHKey" = @2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @3 ESCAPE '!') > 0 THEN 1 ELSE 0 END AS "Orderable",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM (SELECT 1 AS "one") x
LEFT JOIN "Debitor" d ON d."DebiNr" = @0
LEFT JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt"
LEFT JOIN "Artikel" a ON a."ArtNr" IN (@4)
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = k."AdrSprache"
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr";

-- lookUp (articles of a web shop, customers of a web shop)
SELECT d."DebiNr" AS "DebiNr", d."WaehrAbk" AS "WaehrAbk", d."PreisListNr" AS "PreisListNr",
  d."PreisListTyp" AS "PreisListTyp", d."KTNr" AS "KTNr", d."WUSTCode" AS "WUSTCode", d."KundKontakt" AS "KundKontakt",
  d."KundLief" AS "KundLief", d."KundRech" AS "KundRech", CASE WHEN (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @0
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @1 ESCAPE '!') > 0 THEN 1 ELSE 0 END AS "InScope",
  (SELECT MIN(o."AuftNr") FROM "Auftrag" o WHERE o."KundNr" = @2 AND o."AuftBestellNr" = @3) AS "ExistingAuftNr",
  a."ArtNr" AS "ArtNr", a."ArtBez" AS "ArtBez", a."WUSTCode" AS "ArtWUSTCode", t."ArtBez" AS "TextBez",
  CASE WHEN a."ArtikelStatus" = 1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = a."ArtNr"
      AND w."PHKey" = @0
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @1 ESCAPE '!') > 0 THEN 1 ELSE 0 END AS "Orderable",
  v."VPEinheit" AS "VPEinheit", v."VPEFaktor" AS "VPEFaktor"
FROM (SELECT 1 AS "one") x
LEFT JOIN "Debitor" d ON d."DebiNr" = @2
LEFT JOIN "Adressen" k ON k."AdrNr" = d."KundKontakt"
LEFT JOIN "Artikel" a ON a."ArtNr" IN (@4)
LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = k."AdrSprache"
LEFT JOIN "ArtikelVPE" v ON v."ArtNr" = a."ArtNr";

-- find
SELECT o."AuftNr" AS "AuftNr", o."AuftStatus" AS "AuftStatus", o."KundNr" AS "KundNr", o."AuftBez" AS "AuftBez", o."AuftBestellNr" AS "AuftBestellNr", o."AuftBestellRef" AS "AuftBestellRef", o."AuftBestellT" AS "AuftBestellT", o."AuftLieferT" AS "AuftLieferT", o."WaehrAbk" AS "WaehrAbk", o."AuftKomment" AS "AuftKomment", o."KTNr" AS "KTNr", o."StaoNr" AS "StaoNr", o."KundBedTyp" AS "KundBedTyp", o."AuftLiefKost" AS "AuftLiefKost", o."PreisListNr" AS "PreisListNr", o."PreisListTyp" AS "PreisListTyp", o."WUSTCode" AS "WUSTCode", o."AuftSummeNetto" AS "AuftSummeNetto", o."AuftSummeWUST" AS "AuftSummeWUST", o."AuftSummeBrutto" AS "AuftSummeBrutto", o."OffertNr" AS "OffertNr", o."FolgeAuftNr" AS "FolgeAuftNr", o."ErfasstVon" AS "ErfasstVon", o."AuftErf" AS "AuftErf", o."GeaendertAm" AS "GeaendertAm" FROM "Auftrag" o WHERE o."AuftNr" = @0;
SELECT l."AuftNr" AS "AuftNr", l."PosNr" AS "PosNr", l."VisPosNr" AS "VisPosNr", l."ArtNr" AS "ArtNr", l."PosBez" AS "PosBez", l."PosAnzBest" AS "PosAnzBest", l."PosPreisBasis" AS "PosPreisBasis", l."PosPreisEinzel" AS "PosPreisEinzel", l."PosPreisTotal" AS "PosPreisTotal", l."PosPreisWUSTBetrag" AS "PosPreisWUSTBetrag", l."VPEAnzBest" AS "VPEAnzBest", l."VPEPreisEinzel" AS "VPEPreisEinzel", l."VPEinheit" AS "VPEinheit", l."WUSTSatz" AS "WUSTSatz", l."WUSTCode" AS "WUSTCode", l."GRabSatz" AS "GRabSatz", l."GRabBez" AS "GRabBez" FROM "AuftragPos" l
      WHERE l."AuftNr" = @0 ORDER BY l."PosNr";
SELECT r."AdrArt" AS "AdrArt", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ", a."ErfasstVon" AS "ErfasstVon", a."ErfasstAm" AS "ErfasstAm", a."GeaendertAm" AS "GeaendertAm"
      FROM "AuftragAdr" r JOIN "Adressen" a ON a."AdrNr" = r."AdrNr" WHERE r."AuftNr" = @0;
SELECT p."Key" AS "Key", p."Bezeichnung" AS "Bezeichnung", p."Wert" AS "Wert"
      FROM "AuftragZahlung" p WHERE p."AuftNr" = @0;

-- find (in a web shop)
SELECT o."AuftNr" AS "AuftNr", o."AuftStatus" AS "AuftStatus", o."KundNr" AS "KundNr", o."AuftBez" AS "AuftBez", o."AuftBestellNr" AS "AuftBestellNr", o."AuftBestellRef" AS "AuftBestellRef", o."AuftBestellT" AS "AuftBestellT", o."AuftLieferT" AS "AuftLieferT", o."WaehrAbk" AS "WaehrAbk", o."AuftKomment" AS "AuftKomment", o."KTNr" AS "KTNr", o."StaoNr" AS "StaoNr", o."KundBedTyp" AS "KundBedTyp", o."AuftLiefKost" AS "AuftLiefKost", o."PreisListNr" AS "PreisListNr", o."PreisListTyp" AS "PreisListTyp", o."WUSTCode" AS "WUSTCode", o."AuftSummeNetto" AS "AuftSummeNetto", o."AuftSummeWUST" AS "AuftSummeWUST", o."AuftSummeBrutto" AS "AuftSummeBrutto", o."OffertNr" AS "OffertNr", o."FolgeAuftNr" AS "FolgeAuftNr", o."ErfasstVon" AS "ErfasstVon", o."AuftErf" AS "AuftErf", o."GeaendertAm" AS "GeaendertAm" FROM "Auftrag" o WHERE o."AuftNr" = @0 AND (o."KundNr" IS NULL OR LTRIM(RTRIM(o."KundNr")) = '' OR (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = LTRIM(RTRIM(o."KundNr")) AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0);
SELECT l."AuftNr" AS "AuftNr", l."PosNr" AS "PosNr", l."VisPosNr" AS "VisPosNr", l."ArtNr" AS "ArtNr", l."PosBez" AS "PosBez", l."PosAnzBest" AS "PosAnzBest", l."PosPreisBasis" AS "PosPreisBasis", l."PosPreisEinzel" AS "PosPreisEinzel", l."PosPreisTotal" AS "PosPreisTotal", l."PosPreisWUSTBetrag" AS "PosPreisWUSTBetrag", l."VPEAnzBest" AS "VPEAnzBest", l."VPEPreisEinzel" AS "VPEPreisEinzel", l."VPEinheit" AS "VPEinheit", l."WUSTSatz" AS "WUSTSatz", l."WUSTCode" AS "WUSTCode", l."GRabSatz" AS "GRabSatz", l."GRabBez" AS "GRabBez" FROM "AuftragPos" l
      WHERE l."AuftNr" = @0 ORDER BY l."PosNr";
SELECT r."AdrArt" AS "AdrArt", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ", a."ErfasstVon" AS "ErfasstVon", a."ErfasstAm" AS "ErfasstAm", a."GeaendertAm" AS "GeaendertAm"
      FROM "AuftragAdr" r JOIN "Adressen" a ON a."AdrNr" = r."AdrNr" WHERE r."AuftNr" = @0;
SELECT p."Key" AS "Key", p."Bezeichnung" AS "Bezeichnung", p."Wert" AS "Wert"
      FROM "AuftragZahlung" p WHERE p."AuftNr" = @0;

-- inWebshop
SELECT 1 AS "found" FROM "Auftrag" o WHERE o."AuftNr" = @0 AND (o."KundNr" IS NULL OR LTRIM(RTRIM(o."KundNr")) = '' OR (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = LTRIM(RTRIM(o."KundNr")) AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0);

-- findByCustomerOrderNumber
SELECT "AuftNr" FROM "Auftrag" WHERE "KundNr" = @0 AND "AuftBestellNr" = @1;
