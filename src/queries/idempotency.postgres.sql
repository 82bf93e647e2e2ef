-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- claim
WITH "s0" AS (INSERT INTO "rest_idempotency" ("user_name", "idem_key", "method", "path", "request_hash", "status_code", "response_body", "response_headers", "created_at") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9))
SELECT NULL AS "number", NULL AS "event";

-- find
SELECT "IdempotencyKeyEntity"."user_name" AS "IdempotencyKeyEntity_user_name", "IdempotencyKeyEntity"."idem_key" AS "IdempotencyKeyEntity_idem_key", "IdempotencyKeyEntity"."method" AS "IdempotencyKeyEntity_method", "IdempotencyKeyEntity"."path" AS "IdempotencyKeyEntity_path", "IdempotencyKeyEntity"."request_hash" AS "IdempotencyKeyEntity_request_hash", "IdempotencyKeyEntity"."status_code" AS "IdempotencyKeyEntity_status_code", "IdempotencyKeyEntity"."response_body" AS "IdempotencyKeyEntity_response_body", "IdempotencyKeyEntity"."response_headers" AS "IdempotencyKeyEntity_response_headers", "IdempotencyKeyEntity"."created_at" AS "IdempotencyKeyEntity_created_at" FROM "rest_idempotency" "IdempotencyKeyEntity" WHERE (("IdempotencyKeyEntity"."user_name" = $1) AND ("IdempotencyKeyEntity"."idem_key" = $2)) LIMIT 1;

-- release
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "user_name" = $1 AND "idem_key" = $2 AND "status_code" IS NULL RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- deleteExpired
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "user_name" = $1 AND "idem_key" = $2 AND "created_at" < $3 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- purge
WITH "s0" AS (DELETE FROM "rest_idempotency" WHERE "created_at" < $1 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";
