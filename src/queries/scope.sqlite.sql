-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- customersOf
SELECT w."ObjKey" AS "DebiNr" FROM "Attribut" w WHERE w."ObjTyp" = 'DEBI' AND w."PHKey" = ?
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE ? ESCAPE '!' AND w."ObjKey" IN (?, ?);

-- addressOf
SELECT d."DebiNr" AS "DebiNr" FROM "Debitor" d
WHERE (d."KundKontakt" = ? OR d."KundLief" = ? OR d."KundRech" = ?)
  AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = ?
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE ? ESCAPE '!') > 0 LIMIT 1;
