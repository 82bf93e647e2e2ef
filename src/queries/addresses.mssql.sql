-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- findByNr
SELECT a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ", a."GeaendertAm" AS "GeaendertAm"
FROM "Adressen" a WHERE a."AdrNr" = @0;

-- customerAddresses
SELECT d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief",
  d."KundRech" AS "KundRech", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" IN (d."KundKontakt", d."KundLief", d."KundRech")
WHERE d."DebiNr" = @0;

-- customerAddresses (in a web shop)
SELECT d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief",
  d."KundRech" AS "KundRech", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" IN (d."KundKontakt", d."KundLief", d."KundRech")
WHERE d."DebiNr" = @0 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0;

-- update
UPDATE "Adressen" SET "AdrName" = @0, "OrtPLZ" = @1, "GeaendertAm" = @2 WHERE "AdrNr" = @3;

-- searchCustomer
SELECT TOP (1) u.*, COUNT(*) OVER () AS "n" FROM (SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundKontakt" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0 AND a."OrtPLZ_Suche" = @1) UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundLief" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0 AND a."OrtPLZ_Suche" = @1) UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundRech" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0 AND a."OrtPLZ_Suche" = @1)) u;

-- searchCustomer (in a web shop)
SELECT TOP (1) u.*, COUNT(*) OVER () AS "n" FROM (SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundKontakt" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0 UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundLief" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0 UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundRech" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE a."AdrName_Suche" = @0) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0) u;
