-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- customersOf
SELECT w."ObjKey" AS "DebiNr" FROM "Attribut" w WHERE w."ObjTyp" = 'DEBI' AND w."PHKey" = $1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $2 ESCAPE '!' AND w."ObjKey" IN ($3, $4);

-- addressOf
SELECT d."DebiNr" AS "DebiNr" FROM "Debitor" d
WHERE (d."KundKontakt" = $1 OR d."KundLief" = $1 OR d."KundRech" = $1)
  AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = $2
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE $3 ESCAPE '!') > 0 LIMIT 1;
