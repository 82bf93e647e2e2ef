-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- findByNr
SELECT a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ", a."GeaendertAm" AS "GeaendertAm"
FROM "Adressen" a WHERE a."AdrNr" = $1;

-- customerAddresses
SELECT d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief",
  d."KundRech" AS "KundRech", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" IN (d."KundKontakt", d."KundLief", d."KundRech")
WHERE d."DebiNr" = $1;

-- customerAddresses (in a web shop)
SELECT d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief",
  d."KundRech" AS "KundRech", a."AdrNr" AS "AdrNr", a."AdrSprache" AS "AdrSprache", a."EmailAdress" AS "EmailAdress", a."AdrAdresse1" AS "AdrAdresse1", a."AdrAdresse2" AS "AdrAdresse2", a."AdrAnrede" AS "AdrAnrede", a."AdrFax" AS "AdrFax", a."AdrFirma" AS "AdrFirma", a."AdrFirma2" AS "AdrFirma2", a."AdrVorname" AS "AdrVorname", a."AdrName" AS "AdrName", a."AdrTelex" AS "AdrTelex", a."AdrTf1" AS "AdrTf1", a."AdrTf2" AS "AdrTf2", a."OrtLand" AS "OrtLand", a."OrtName" AS "OrtName", a."OrtPLZ" AS "OrtPLZ"
FROM "Debitor" d
LEFT JOIN "Adressen" a ON a."AdrNr" IN (d."KundKontakt", d."KundLief", d."KundRech")
WHERE d."DebiNr" = $1 AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0;

-- update
WITH "s0" AS (UPDATE "Adressen" SET "AdrName" = $1, "OrtPLZ" = $2, "GeaendertAm" = $3 WHERE "AdrNr" = $4 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- searchCustomer
SELECT u.*, COUNT(*) OVER () AS "n" FROM (SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundKontakt" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1 AND LOWER(TRIM(a."OrtPLZ")) = $2) UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundLief" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1 AND LOWER(TRIM(a."OrtPLZ")) = $2) UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundRech" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1 AND LOWER(TRIM(a."OrtPLZ")) = $2)) u LIMIT 1;

-- searchCustomer (in a web shop)
SELECT u.*, COUNT(*) OVER () AS "n" FROM (SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundKontakt" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0 UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundLief" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0 UNION SELECT d."DebiNr" AS "DebiNr", d."KundKontakt" AS "KundKontakt", d."KundLief" AS "KundLief", d."KundRech" AS "KundRech" FROM "Debitor" d WHERE d."KundRech" IN (SELECT a."AdrNr" FROM "Adressen" a WHERE LOWER(TRIM(a."AdrName")) = $1) AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0) u LIMIT 1;
