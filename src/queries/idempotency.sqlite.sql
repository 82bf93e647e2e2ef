-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- claim
INSERT INTO "rest_idempotency" ("user_name", "idem_key", "method", "path", "request_hash", "status_code", "response_body", "response_headers", "created_at") VALUES (+?, +?, +?, +?, +?, +?, +?, +?, +?);

-- find
SELECT "IdempotencyKeyEntity"."user_name" AS "IdempotencyKeyEntity_user_name", "IdempotencyKeyEntity"."idem_key" AS "IdempotencyKeyEntity_idem_key", "IdempotencyKeyEntity"."method" AS "IdempotencyKeyEntity_method", "IdempotencyKeyEntity"."path" AS "IdempotencyKeyEntity_path", "IdempotencyKeyEntity"."request_hash" AS "IdempotencyKeyEntity_request_hash", "IdempotencyKeyEntity"."status_code" AS "IdempotencyKeyEntity_status_code", "IdempotencyKeyEntity"."response_body" AS "IdempotencyKeyEntity_response_body", "IdempotencyKeyEntity"."response_headers" AS "IdempotencyKeyEntity_response_headers", "IdempotencyKeyEntity"."created_at" AS "IdempotencyKeyEntity_created_at" FROM "rest_idempotency" "IdempotencyKeyEntity" WHERE (("IdempotencyKeyEntity"."user_name" = ?) AND ("IdempotencyKeyEntity"."idem_key" = ?)) LIMIT 1;

-- release
DELETE FROM "rest_idempotency" WHERE "user_name" = +? AND "idem_key" = +? AND "status_code" IS NULL;

-- deleteExpired
DELETE FROM "rest_idempotency" WHERE "user_name" = +? AND "idem_key" = +? AND "created_at" < +?;

-- purge
DELETE FROM "rest_idempotency" WHERE "created_at" < +?;
