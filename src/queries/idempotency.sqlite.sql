-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- claim
INSERT INTO "rest_idempotency" ("user_name", "idem_key", "method", "path", "request_hash", "status_code", "response_body", "response_headers", "created_at") VALUES (+?, +?, +?, +?, +?, +?, +?, +?, +?);

-- find
SELECT k."user_name" AS "userName", k."idem_key" AS "idemKey", k."method" AS "method", k."path" AS "path", k."request_hash" AS "requestHash", k."status_code" AS "statusCode", k."response_body" AS "responseBody", k."response_headers" AS "responseHeaders", k."created_at" AS "createdAt" FROM "rest_idempotency" k
WHERE k."user_name" = +? AND k."idem_key" = +?;

-- release
DELETE FROM "rest_idempotency" WHERE "user_name" = +? AND "idem_key" = +? AND "status_code" IS NULL;

-- deleteExpired
DELETE FROM "rest_idempotency" WHERE "user_name" = +? AND "idem_key" = +? AND "created_at" < +?;

-- purge
DELETE FROM "rest_idempotency" WHERE "created_at" < +?;
