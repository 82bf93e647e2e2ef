-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- write (a batch of every kind of step, numbered, with its outbox row)
WITH "n" AS (UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = $1 RETURNING "LetzteNr"),
"e" AS (UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = $2 AND EXISTS (SELECT 1 FROM "n") RETURNING "LetzteNr"),
"s0" AS (INSERT INTO "Adressen" ("AdrSprache", "EmailAdress", "AdrAdresse1", "AdrAdresse2", "AdrAnrede", "AdrFax", "AdrFirma", "AdrFirma2", "AdrVorname", "AdrName", "AdrTelex", "AdrTf1", "AdrTf2", "OrtLand", "OrtName", "OrtPLZ", "ErfasstVon", "ErfasstAm", "GeaendertAm") VALUES ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING "AdrNr"),
"s1" AS (UPDATE "Adressen" SET "AdrName" = (SELECT CAST("LetzteNr" AS varchar(20)) FROM "n") WHERE "AdrNr" IN ($22, $23) AND "AdrFirma" IS NULL AND "ErfasstAm" < $24 AND "GeaendertAm" <= $25 RETURNING 1),
"s2" AS (DELETE FROM "Adressen" WHERE "AdrNr" = (SELECT "AdrNr" FROM "s0") AND "AdrName" IS NOT NULL RETURNING 1),
"s3" AS (INSERT INTO "rest_event" ("id", "event", "obj_key", "action", "user_name", "occurred_at", "fanned_out") VALUES ((SELECT "LetzteNr" FROM "e"), $26, (SELECT CAST("LetzteNr" AS varchar(20)) FROM "n"), $27, $28, $29, $30))
SELECT (SELECT "LetzteNr" FROM "n") AS "number", (SELECT "LetzteNr" FROM "e") AS "event", (SELECT "AdrNr" FROM "s0") AS "key0", (SELECT COUNT(*) FROM "s1") AS "count1", CAST(CASE WHEN (SELECT COUNT(*) FROM "s1") = 1 THEN '0' ELSE 'erp_failed_step_1' END AS integer) AS "check1", (SELECT COUNT(*) FROM "s2") AS "count2";
