-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- write (a batch of every kind of step, numbered, with its outbox row)
UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = @0; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = @0;
INSERT INTO "Adressen" ("AdrSprache", "EmailAdress", "AdrAdresse1", "AdrAdresse2", "AdrAnrede", "AdrFax", "AdrFirma", "AdrFirma2", "AdrVorname", "AdrName", "AdrTelex", "AdrTf1", "AdrTf2", "OrtLand", "OrtName", "OrtPLZ", "ErfasstVon", "ErfasstAm", "GeaendertAm") OUTPUT INSERTED."AdrNr" VALUES (@0, @1, @2, @3, @4, @5, @6, @7, @8, @9, @10, @11, @12, @13, @14, @15, @16, @17, @18);
UPDATE "Adressen" SET "AdrName" = @0 WHERE "AdrNr" IN (@1, @2) AND "AdrFirma" IS NULL AND "ErfasstAm" < @3 AND "GeaendertAm" <= @4;
DELETE FROM "Adressen" WHERE "AdrNr" = @0 AND "AdrName" IS NOT NULL;
UPDATE "Nummernkreis" SET "LetzteNr" = "LetzteNr" + 1 WHERE "Name" = @0; SELECT "LetzteNr" FROM "Nummernkreis" WHERE "Name" = @0;
INSERT INTO "rest_event" ("id", "event", "obj_key", "action", "user_name", "occurred_at", "fanned_out") VALUES (@0, @1, @2, @3, @4, @5, @6);
