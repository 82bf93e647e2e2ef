-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- write (a batch of every kind of step, numbered, with its outbox row)
UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = +? RETURNING "LetzteNr";
INSERT INTO "Adressen" ("AdrSprache", "EmailAdress", "AdrAdresse1", "AdrAdresse2", "AdrAnrede", "AdrFax", "AdrFirma", "AdrFirma2", "AdrVorname", "AdrName", "AdrTelex", "AdrTf1", "AdrTf2", "OrtLand", "OrtName", "OrtPLZ", "ErfasstVon", "ErfasstAm", "GeaendertAm") VALUES (+?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?, +?) RETURNING "AdrNr";
UPDATE "Adressen" SET "AdrName" = +? WHERE "AdrNr" IN (+?, +?) AND "AdrFirma" IS NULL AND "ErfasstAm" < +? AND "GeaendertAm" <= +?;
DELETE FROM "Adressen" WHERE "AdrNr" = +? AND "AdrName" IS NOT NULL;
UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = +? RETURNING "LetzteNr";
INSERT INTO "rest_event" ("id", "event", "obj_key", "action", "user_name", "occurred_at", "fanned_out") VALUES (+?, +?, +?, +?, +?, +?, +?);
