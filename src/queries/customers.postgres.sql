-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- find
SELECT d."DebiNr" AS "DebiNr", d."KundBez" AS "KundBez", d."WaehrAbk" AS "WaehrAbk", d."BrancheID" AS "BrancheID", d."Kommentar" AS "Kommentar", d."VBTyp" AS "VBTyp", d."TVTyp" AS "TVTyp", d."FAKTZahlArt" AS "FAKTZahlArt", d."AUFT_SPESEN" AS "AUFT_SPESEN", d."SteuerNummer" AS "SteuerNummer", d."FirmenURL" AS "FirmenURL", d."KreditLimit" AS "KreditLimit", d."ZahlungsMethode" AS "ZahlungsMethode", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech",
  d."GeaendertAm" AS "GeaendertAm", a."AdrSprache" AS "AdrSprache", t."PHKey" AS "PHKey", t."Contents" AS "Contents"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt"
LEFT JOIN "Attribut" t ON t."ObjTyp" = 'DEBI' AND t."ObjKey" = d."DebiNr"
WHERE d."DebiNr" = $1 ORDER BY t."PHKey", t."AttrID";

-- find (in a web shop)
SELECT d."DebiNr" AS "DebiNr", d."KundBez" AS "KundBez", d."WaehrAbk" AS "WaehrAbk", d."BrancheID" AS "BrancheID", d."Kommentar" AS "Kommentar", d."VBTyp" AS "VBTyp", d."TVTyp" AS "TVTyp", d."FAKTZahlArt" AS "FAKTZahlArt", d."AUFT_SPESEN" AS "AUFT_SPESEN", d."SteuerNummer" AS "SteuerNummer", d."FirmenURL" AS "FirmenURL", d."KreditLimit" AS "KreditLimit", d."ZahlungsMethode" AS "ZahlungsMethode", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech",
  d."GeaendertAm" AS "GeaendertAm", a."AdrSprache" AS "AdrSprache", t."PHKey" AS "PHKey", t."Contents" AS "Contents"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" = d."KundKontakt"
LEFT JOIN "Attribut" t ON t."ObjTyp" = 'DEBI' AND t."ObjKey" = d."DebiNr"
WHERE d."DebiNr" = $1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0 ORDER BY t."PHKey", t."AttrID";

-- latestOrders
SELECT o."AuftNr" AS "AuftNr", o."AuftStatus" AS "AuftStatus", o."AuftErf" AS "AuftErf" FROM "Auftrag" o
WHERE o."KundNr" = $1 AND o."AuftStatus" IN ($2, $3) ORDER BY o."AuftErf" DESC, o."AuftNr" DESC LIMIT $4;

-- currencyExists
SELECT 1 AS "known" FROM "Waehrung" WHERE "WaehrAbk" = $1;
