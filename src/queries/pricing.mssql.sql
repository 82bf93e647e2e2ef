-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- candidateLists
SELECT pl."PreisListNr" AS "PreisListNr", pl."Preisart" AS "Preisart",
  CASE WHEN pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = @0 THEN 0
       WHEN pl."KundNr" IS NULL AND pl."PreisListTyp" = d."PreisListTyp" THEN 1
       ELSE 2 END AS "step"
FROM "PreisListe" pl
LEFT JOIN "Debitor" d ON d."DebiNr" = @0
WHERE pl."WaehrAbk" = @1
  AND (pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = @0
    OR (pl."KundNr" IS NULL AND (pl."PreisListTyp" = d."PreisListTyp"
      OR pl."PreisListTyp" IN (SELECT f."StandardPreisListTyp" FROM "Firma" f))));

-- candidateLists (no customer)
SELECT pl."PreisListNr" AS "PreisListNr", pl."Preisart" AS "Preisart",
  CASE WHEN pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = @0 THEN 0
       WHEN pl."KundNr" IS NULL AND pl."PreisListTyp" = d."PreisListTyp" THEN 1
       ELSE 2 END AS "step"
FROM "PreisListe" pl
LEFT JOIN "Debitor" d ON d."DebiNr" = @0
WHERE pl."WaehrAbk" = @1
  AND (pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = @0
    OR (pl."KundNr" IS NULL AND (pl."PreisListTyp" = d."PreisListTyp"
      OR pl."PreisListTyp" IN (SELECT f."StandardPreisListTyp" FROM "Firma" f))));

-- prices
SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm"
FROM "Preis"
WHERE "PreisListNr" IN (@0, @1) AND "ArtNr" IN (@2, @3);
