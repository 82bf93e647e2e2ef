-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- customersOf
SELECT w."ObjKey" AS "DebiNr" FROM "Attribut" w WHERE w."ObjTyp" = 'DEBI' AND w."PHKey" = @0
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @1 ESCAPE '!' AND w."ObjKey" IN (@2, @3);

-- addressOf
SELECT TOP (1) d."DebiNr" AS "DebiNr" FROM "Debitor" d
WHERE (d."KundKontakt" = @0 OR d."KundLief" = @0 OR d."KundRech" = @0)
  AND (SELECT COUNT(*) FROM "Attribut" w WHERE w."ObjKey" = d."DebiNr" AND w."ObjTyp" = 'DEBI' AND w."PHKey" = @1
      AND UPPER(CONCAT(',', REPLACE(w."Contents", ' ', ''), ',')) LIKE @2 ESCAPE '!') > 0;
