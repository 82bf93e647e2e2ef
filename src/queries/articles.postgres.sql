-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- referenceData
SELECT (SELECT MIN(f."Leitwaehrung") FROM "Firma" f) AS "leadingCurrency",
  (SELECT COUNT(*) FROM "Waehrung" w WHERE w."WaehrAbk" = $1) AS "currencyCount",
  (SELECT MIN(d."DebiNr") FROM "Debitor" d WHERE d."DebiNr" = $2) AS "debiNr",
  (SELECT MIN(k."AdrSprache") FROM "Debitor" d2 JOIN "Adressen" k ON k."AdrNr" = d2."KundKontakt"
    WHERE d2."DebiNr" = $2) AS "language",
  (SELECT MAX(c0."GeaendertAm") FROM "Artikel" c0) AS "changed0",
  (SELECT MAX(c1."GeaendertAm") FROM "Preis" c1) AS "changed1",
  (SELECT MAX(c2."GeaendertAm") FROM "Lagerbestand" c2) AS "changed2",
  (SELECT MAX(c3."GeaendertAm") FROM "Reservierung" c3) AS "changed3",
  (SELECT MAX(c4."GeaendertAm") FROM "ArtikelVPE" c4) AS "changed4";

-- referenceData (no currency, no customer)
SELECT (SELECT MIN(f."Leitwaehrung") FROM "Firma" f) AS "leadingCurrency",
  (SELECT COUNT(*) FROM "Waehrung" w WHERE w."WaehrAbk" = $1) AS "currencyCount",
  (SELECT MIN(d."DebiNr") FROM "Debitor" d WHERE d."DebiNr" = $2) AS "debiNr",
  (SELECT MIN(k."AdrSprache") FROM "Debitor" d2 JOIN "Adressen" k ON k."AdrNr" = d2."KundKontakt"
    WHERE d2."DebiNr" = $2) AS "language",
  (SELECT MAX(c0."GeaendertAm") FROM "Artikel" c0) AS "changed0",
  (SELECT MAX(c1."GeaendertAm") FROM "Preis" c1) AS "changed1",
  (SELECT MAX(c2."GeaendertAm") FROM "Lagerbestand" c2) AS "changed2",
  (SELECT MAX(c3."GeaendertAm") FROM "Reservierung" c3) AS "changed3",
  (SELECT MAX(c4."GeaendertAm") FROM "ArtikelVPE" c4) AS "changed4";

-- textLanguages
SELECT DISTINCT t."AdrSprache" FROM "ArtikelText" t;

-- usersWebshops
SELECT u."webshop" AS "webshop" FROM "rest_user" u WHERE u."disabled" = 0;

-- changedArticles
SELECT c1."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1."GeaendertAm" >= $1
  UNION SELECT c2."ArtNr" FROM "Preis" c2 WHERE c2."GeaendertAm" >= $1
  UNION SELECT c3."ArtNr" FROM "Lagerbestand" c3 WHERE c3."GeaendertAm" >= $1
  UNION SELECT c4."ArtNr" FROM "Reservierung" c4 WHERE c4."GeaendertAm" >= $1
  UNION SELECT c5."ArtNr" FROM "ArtikelVPE" c5 WHERE c5."GeaendertAm" >= $1;

-- orderedNumbers (web shop, active, changed since, by description desc)
SELECT a."ArtNr" AS "ArtNr" FROM "Artikel" a WHERE a."ArtikelStatus" = 1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = a."ArtNr"
      AND w."PHKey" = $1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $2 ESCAPE '!') > 0 AND a."ArtNr" IN (SELECT c1."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1."GeaendertAm" >= $3
  UNION SELECT c2."ArtNr" FROM "Preis" c2 WHERE c2."GeaendertAm" >= $3
  UNION SELECT c3."ArtNr" FROM "Lagerbestand" c3 WHERE c3."GeaendertAm" >= $3
  UNION SELECT c4."ArtNr" FROM "Reservierung" c4 WHERE c4."GeaendertAm" >= $3
  UNION SELECT c5."ArtNr" FROM "ArtikelVPE" c5 WHERE c5."GeaendertAm" >= $3) ORDER BY a."ArtBez" DESC, a."ArtNr";

-- orderedNumbers (every article, by number)
SELECT a."ArtNr" AS "ArtNr" FROM "Artikel" a ORDER BY a."ArtNr";

-- orderedNumbers (another language, by description)
SELECT a."ArtNr" AS "ArtNr" FROM "Artikel" a LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = $1 ORDER BY COALESCE(t."ArtBez", a."ArtBez"), a."ArtNr";

-- rowsByNumbers (web shop, changed since)
SELECT a."ArtNr" AS "ArtNr", a."AnLager" AS "AnLager", a."ArtBez" AS "ArtBez",
  a."ArtikelStatus" AS "ArtikelStatus", a."Einheit" AS "Einheit", a."Farbe" AS "Farbe",
  COALESCE(m."WUSTSatz", s."WUSTSatz") AS "WUSTSatz", a."GeaendertAm" AS "GeaendertAm",
  a."ArtGruppe" AS "ArtGruppe", a."HatVPE" AS "HatVPE", a."ArtKlasse" AS "ArtKlasse",
  a."BeschaffungsArt" AS "BeschaffungsArt", a."VerarbeitungsArt" AS "VerarbeitungsArt" FROM "Artikel" a
LEFT JOIN "MWSTCode" m ON m."WUSTCode" = a."WUSTCode"
LEFT JOIN "MWSTCode" s ON s."WUSTCode" = (SELECT MIN(f."StandardWUSTCode") FROM "Firma" f) WHERE a."ArtikelStatus" + 0 = 1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = a."ArtNr"
      AND w."PHKey" = $1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $2 ESCAPE '!') > 0 AND a."ArtNr" IN (SELECT c1."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1."GeaendertAm" >= $3
  UNION SELECT c2."ArtNr" FROM "Preis" c2 WHERE c2."GeaendertAm" >= $3
  UNION SELECT c3."ArtNr" FROM "Lagerbestand" c3 WHERE c3."GeaendertAm" >= $3
  UNION SELECT c4."ArtNr" FROM "Reservierung" c4 WHERE c4."GeaendertAm" >= $3
  UNION SELECT c5."ArtNr" FROM "ArtikelVPE" c5 WHERE c5."GeaendertAm" >= $3) AND a."ArtNr" IN ($4);

-- articles (by numbers, with every detail)
SELECT a."ArtNr" AS "ArtNr", a."AnLager" AS "AnLager", a."ArtBez" AS "ArtBez",
  a."ArtikelStatus" AS "ArtikelStatus", a."Einheit" AS "Einheit", a."Farbe" AS "Farbe",
  COALESCE(m."WUSTSatz", s."WUSTSatz") AS "WUSTSatz", a."GeaendertAm" AS "GeaendertAm",
  a."ArtGruppe" AS "ArtGruppe", a."HatVPE" AS "HatVPE", a."ArtKlasse" AS "ArtKlasse",
  a."BeschaffungsArt" AS "BeschaffungsArt", a."VerarbeitungsArt" AS "VerarbeitungsArt" FROM "Artikel" a
LEFT JOIN "MWSTCode" m ON m."WUSTCode" = a."WUSTCode"
LEFT JOIN "MWSTCode" s ON s."WUSTCode" = (SELECT MIN(f."StandardWUSTCode") FROM "Firma" f) WHERE a."ArtikelStatus" + 0 = 1 AND a."ArtNr" IN (SELECT c1."ArtNr" AS "ArtNr" FROM "Artikel" c1 WHERE c1."GeaendertAm" >= $1
  UNION SELECT c2."ArtNr" FROM "Preis" c2 WHERE c2."GeaendertAm" >= $1
  UNION SELECT c3."ArtNr" FROM "Lagerbestand" c3 WHERE c3."GeaendertAm" >= $1
  UNION SELECT c4."ArtNr" FROM "Reservierung" c4 WHERE c4."GeaendertAm" >= $1
  UNION SELECT c5."ArtNr" FROM "ArtikelVPE" c5 WHERE c5."GeaendertAm" >= $1) AND a."ArtNr" IN ($2, $3);
SELECT 'A' AS "Kind", a."ArtNr" AS "ArtNr", a."AttrID" AS "N1", a."PHKey" AS "T1",
  a."Contents" AS "T2", CAST(NULL AS DECIMAL(18,4)) AS "D1", CAST(NULL AS DECIMAL(18,4)) AS "D2", CAST(NULL AS DECIMAL(18,4)) AS "D3", CAST(NULL AS DECIMAL(18,4)) AS "D4", CASE WHEN a."PHKey" = $1
      AND UPPER(CONCAT(',', REPLACE(a."Contents", ' ', ''), ',')) LIKE $2 ESCAPE '!' THEN 1 ELSE 0 END AS "R"
FROM (SELECT "ObjKey" AS "ArtNr", "AttrID", "PHKey", "Contents" FROM "Attribut"
WHERE "ObjTyp" = 'ART' AND "ObjKey" IN ($3, $4)) a
UNION ALL
SELECT 'S' AS "Kind", s."ArtNr" AS "ArtNr", s."StaoNr" AS "N1", s."LagerOrt" AS "T1",
  CAST(NULL AS VARCHAR(200)) AS "T2", s."Menge" AS "D1", CAST(NULL AS DECIMAL(18,4)) AS "D2", CAST(NULL AS DECIMAL(18,4)) AS "D3", CAST(NULL AS DECIMAL(18,4)) AS "D4", CAST(NULL AS INTEGER)
FROM (SELECT x."ArtNr" AS "ArtNr", x."StaoNr" AS "StaoNr", x."LagerOrt" AS "LagerOrt", x."Menge" AS "Menge"
FROM (
  SELECT b."ArtNr" AS "ArtNr", b."StaoNr" AS "StaoNr", b."LagerOrt" AS "LagerOrt", b."Bestand" AS "Menge"
  FROM "Lagerbestand" b WHERE b."ArtNr" IN ($5, $6)
  UNION ALL
  SELECT r."ArtNr", r."StaoNr", r."LagerOrt", 0 - r."Menge" FROM "Reservierung" r WHERE r."ArtNr" IN ($7, $8)
) x JOIN "Standort" st ON st."StaoNr" = x."StaoNr" AND st."Freigegeben" = 'J') s
UNION ALL
SELECT 'P' AS "Kind", p."ArtNr" AS "ArtNr", CAST(NULL AS INTEGER) AS "N1", p."VPEinheit" AS "T1",
  p."VPBezeichnung" AS "T2", p."VPEFaktor" AS "D1", p."Gewicht" AS "D2", p."VPEGewicht" AS "D3", p."GewichtInhalt" AS "D4", CAST(NULL AS INTEGER)
FROM (SELECT "ArtNr", "VPEinheit", "VPBezeichnung", "VPEFaktor", "Gewicht", "VPEGewicht", "GewichtInhalt"
FROM "ArtikelVPE" WHERE "ArtNr" IN ($9, $10)) p;

-- articles (a run by description)
SELECT COUNT(*) FROM "Artikel";
SELECT a."ArtNr" AS "ArtNr", a."AnLager" AS "AnLager", a."ArtBez" AS "ArtBez",
  a."ArtikelStatus" AS "ArtikelStatus", a."Einheit" AS "Einheit", a."Farbe" AS "Farbe",
  COALESCE(m."WUSTSatz", s."WUSTSatz") AS "WUSTSatz", a."GeaendertAm" AS "GeaendertAm",
  a."ArtGruppe" AS "ArtGruppe", a."HatVPE" AS "HatVPE", a."ArtKlasse" AS "ArtKlasse",
  a."BeschaffungsArt" AS "BeschaffungsArt", a."VerarbeitungsArt" AS "VerarbeitungsArt" FROM "Artikel" a
LEFT JOIN "MWSTCode" m ON m."WUSTCode" = a."WUSTCode"
LEFT JOIN "MWSTCode" s ON s."WUSTCode" = (SELECT MIN(f."StandardWUSTCode") FROM "Firma" f) WHERE a."ArtikelStatus" + 0 = 1 AND a."ArtNr" IN ($1, $2);
SELECT 'A' AS "Kind", a."ArtNr" AS "ArtNr", a."AttrID" AS "N1", a."PHKey" AS "T1",
  a."Contents" AS "T2", CAST(NULL AS DECIMAL(18,4)) AS "D1", CAST(NULL AS DECIMAL(18,4)) AS "D2", CAST(NULL AS DECIMAL(18,4)) AS "D3", CAST(NULL AS DECIMAL(18,4)) AS "D4", CASE WHEN a."PHKey" = $1
      AND UPPER(CONCAT(',', REPLACE(a."Contents", ' ', ''), ',')) LIKE $2 ESCAPE '!' THEN 1 ELSE 0 END AS "R"
FROM (SELECT "ObjKey" AS "ArtNr", "AttrID", "PHKey", "Contents" FROM "Attribut"
WHERE "ObjTyp" = 'ART' AND "ObjKey" IN ($3, $4)) a
UNION ALL
SELECT 'S' AS "Kind", s."ArtNr" AS "ArtNr", s."StaoNr" AS "N1", s."LagerOrt" AS "T1",
  CAST(NULL AS VARCHAR(200)) AS "T2", s."Menge" AS "D1", CAST(NULL AS DECIMAL(18,4)) AS "D2", CAST(NULL AS DECIMAL(18,4)) AS "D3", CAST(NULL AS DECIMAL(18,4)) AS "D4", CAST(NULL AS INTEGER)
FROM (SELECT x."ArtNr" AS "ArtNr", x."StaoNr" AS "StaoNr", x."LagerOrt" AS "LagerOrt", x."Menge" AS "Menge"
FROM (
  SELECT b."ArtNr" AS "ArtNr", b."StaoNr" AS "StaoNr", b."LagerOrt" AS "LagerOrt", b."Bestand" AS "Menge"
  FROM "Lagerbestand" b WHERE b."ArtNr" IN ($5, $6)
  UNION ALL
  SELECT r."ArtNr", r."StaoNr", r."LagerOrt", 0 - r."Menge" FROM "Reservierung" r WHERE r."ArtNr" IN ($7, $8)
) x JOIN "Standort" st ON st."StaoNr" = x."StaoNr" AND st."Freigegeben" = 'J') s
UNION ALL
SELECT 'P' AS "Kind", p."ArtNr" AS "ArtNr", CAST(NULL AS INTEGER) AS "N1", p."VPEinheit" AS "T1",
  p."VPBezeichnung" AS "T2", p."VPEFaktor" AS "D1", p."Gewicht" AS "D2", p."VPEGewicht" AS "D3", p."GewichtInhalt" AS "D4", CAST(NULL AS INTEGER)
FROM (SELECT "ArtNr", "VPEinheit", "VPBezeichnung", "VPEFaktor", "Gewicht", "VPEGewicht", "GewichtInhalt"
FROM "ArtikelVPE" WHERE "ArtNr" IN ($9, $10)) p;

-- articles (one article, no details)
SELECT a."ArtNr" AS "ArtNr", a."AnLager" AS "AnLager", COALESCE(t."ArtBez", a."ArtBez") AS "ArtBez",
  a."ArtikelStatus" AS "ArtikelStatus", a."Einheit" AS "Einheit", a."Farbe" AS "Farbe",
  COALESCE(m."WUSTSatz", s."WUSTSatz") AS "WUSTSatz", a."GeaendertAm" AS "GeaendertAm",
  a."ArtGruppe" AS "ArtGruppe", a."HatVPE" AS "HatVPE", a."ArtKlasse" AS "ArtKlasse",
  a."BeschaffungsArt" AS "BeschaffungsArt", a."VerarbeitungsArt" AS "VerarbeitungsArt" FROM "Artikel" a LEFT JOIN "ArtikelText" t ON t."ArtNr" = a."ArtNr" AND t."AdrSprache" = $1
LEFT JOIN "MWSTCode" m ON m."WUSTCode" = a."WUSTCode"
LEFT JOIN "MWSTCode" s ON s."WUSTCode" = (SELECT MIN(f."StandardWUSTCode") FROM "Firma" f) WHERE a."ArtNr" = $2 AND a."ArtNr" IN ($3);
