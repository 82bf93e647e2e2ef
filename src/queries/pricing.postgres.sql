-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- candidateLists
SELECT pl."PreisListNr" AS "PreisListNr", pl."Preisart" AS "Preisart",
  CASE WHEN pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = $1 THEN 0
       WHEN pl."KundNr" IS NULL AND pl."PreisListTyp" = d."PreisListTyp" THEN 1
       ELSE 2 END AS "step"
FROM "PreisListe" pl
LEFT JOIN "Debitor" d ON d."DebiNr" = $1
WHERE pl."WaehrAbk" = $2
  AND (pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = $1
    OR (pl."KundNr" IS NULL AND (pl."PreisListTyp" = d."PreisListTyp"
      OR pl."PreisListTyp" IN (SELECT f."StandardPreisListTyp" FROM "Firma" f))));

-- candidateLists (no customer)
SELECT pl."PreisListNr" AS "PreisListNr", pl."Preisart" AS "Preisart",
  CASE WHEN pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = $1 THEN 0
       WHEN pl."KundNr" IS NULL AND pl."PreisListTyp" = d."PreisListTyp" THEN 1
       ELSE 2 END AS "step"
FROM "PreisListe" pl
LEFT JOIN "Debitor" d ON d."DebiNr" = $1
WHERE pl."WaehrAbk" = $2
  AND (pl."PreisListNr" = d."PreisListNr" OR pl."KundNr" = $1
    OR (pl."KundNr" IS NULL AND (pl."PreisListTyp" = d."PreisListTyp"
      OR pl."PreisListTyp" IN (SELECT f."StandardPreisListTyp" FROM "Firma" f))));

-- prices
SELECT "PreisListNr", "ArtNr", "VPEinheit", "AbAnzahl", "BisAnzahl", "PreisList", "GeaendertAm"
FROM "Preis"
WHERE "PreisListNr" IN ($1, $2) AND "ArtNr" IN ($3, $4);
