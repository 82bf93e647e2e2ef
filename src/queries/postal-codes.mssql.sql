-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- townsFor
SELECT "OrtName" AS "OrtName" FROM "PLZVerzeichnis"
WHERE "OrtLand" = @0 AND "OrtPLZ" = @1 ORDER BY "OrtName";
