-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- townsFor
SELECT "OrtName" AS "OrtName" FROM "PLZVerzeichnis"
WHERE "OrtLand" = +? AND "OrtPLZ" = +? ORDER BY "OrtName";
