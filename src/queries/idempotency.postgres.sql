-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- claim
WITH "s0" AS (INSERT INTO "rest_idempotency" ("user_name", "idem_key", "method", "path", "request_hash", "status_code", "response_body", "response_headers", "created_at") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9))
SELECT NULL AS "number", NULL AS "event";

-- find
SELECT k."user_name" AS "userName", k."idem_key" AS "idemKey", k."method" AS "method", k."path" AS "path", k."request_hash" AS "requestHash", k."status_code" AS "statusCode", k."response_body" AS "responseBody", k."response_headers" AS "responseHeaders", k."created_at" AS "createdAt" FROM "rest_idempotency" k
WHERE k."user_name" = $1 AND k."idem_key" = $2;

-- release
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "user_name" = $1 AND "idem_key" = $2 AND "status_code" IS NULL RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- deleteExpired
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "user_name" = $1 AND "idem_key" = $2 AND "created_at" < $3 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- purge
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "created_at" < $1 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";
