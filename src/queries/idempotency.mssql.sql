-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- claim
INSERT INTO "rest_idempotency" ("user_name", "idem_key", "method", "path", "request_hash", "status_code", "response_body", "response_headers", "created_at") VALUES (@0, @1, @2, @3, @4, @5, @6, @7, @8);

-- find
SELECT k."user_name" AS "userName", k."idem_key" AS "idemKey", k."method" AS "method", k."path" AS "path", k."request_hash" AS "requestHash", k."status_code" AS "statusCode", k."response_body" AS "responseBody", k."response_headers" AS "responseHeaders", k."created_at" AS "createdAt" FROM "rest_idempotency" k
WHERE k."user_name" = @0 AND k."idem_key" = @1;

-- release
DELETE FROM "rest_idempotency" WHERE "user_name" = @0 AND "idem_key" = @1 AND "status_code" IS NULL;

-- deleteExpired
DELETE FROM "rest_idempotency" WHERE "user_name" = @0 AND "idem_key" = @1 AND "created_at" < @2;

-- purge
DELETE FROM "rest_idempotency" WHERE "created_at" < @0;
