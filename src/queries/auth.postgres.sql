-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
WITH "s0" AS (INSERT INTO "rest_token" ("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES ($1, $2, $3, $4, $5))
SELECT NULL AS "number", NULL AS "event";

-- users.create
WITH "s0" AS (INSERT INTO "rest_user" ("name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING "id")
SELECT NULL AS "number", NULL AS "event", (SELECT "id" FROM "s0") AS "key0";

-- users.setDisabled
WITH "s0" AS (UPDATE "rest_user" SET "disabled" = $1, "updated_at" = $2 WHERE "name" = $3 RETURNING 1),
"s1" AS (UPDATE "rest_token" SET "revoked_at" = $4 WHERE "user_id" = $5 AND "revoked_at" IS NULL RETURNING 1),
"s2" AS (UPDATE "rest_webhook" SET "enabled" = $6, "disabled_reason" = $7 WHERE "user_id" = $8 AND "enabled" = $9 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", CAST(CASE WHEN (SELECT COUNT(*) FROM "s0") = 1 THEN '0' ELSE 'erp_failed_step_0' END AS integer) AS "check0", (SELECT COUNT(*) FROM "s1") AS "count1", (SELECT COUNT(*) FROM "s2") AS "count2";

-- users.setPasswordHash
WITH "s0" AS (UPDATE "rest_user" SET "password_hash" = $1, "updated_at" = $2 WHERE "name" = $3 RETURNING 1),
"s1" AS (UPDATE "rest_token" SET "revoked_at" = $4 WHERE "user_id" = $5 AND "revoked_at" IS NULL RETURNING 1),
"s2" AS (UPDATE "rest_webhook" SET "enabled" = $6, "disabled_reason" = $7 WHERE "user_id" = $8 AND "enabled" = $9 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", CAST(CASE WHEN (SELECT COUNT(*) FROM "s0") = 1 THEN '0' ELSE 'erp_failed_step_0' END AS integer) AS "check0", (SELECT COUNT(*) FROM "s1") AS "count1", (SELECT COUNT(*) FROM "s2") AS "count2";

-- users.endAccess
WITH "s0" AS (UPDATE "rest_token" SET "revoked_at" = $1 WHERE "user_id" = $2 AND "revoked_at" IS NULL RETURNING 1),
"s1" AS (UPDATE "rest_webhook" SET "enabled" = $3, "disabled_reason" = $4 WHERE "user_id" = $5 AND "enabled" = $6 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", (SELECT COUNT(*) FROM "s1") AS "count1";

-- tokens.findValid
SELECT t."expires_at" AS "expiresAt", u."id" AS "id", u."name" AS "name",
  u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage"
FROM "rest_token" t JOIN "rest_user" u ON u."id" = t."user_id"
WHERE t."token_hash" = $1 AND t."revoked_at" IS NULL AND u."disabled" = 0;

-- tokens.revokeAllOf
WITH "s0" AS (UPDATE "rest_token" SET "revoked_at" = $1 WHERE "user_id" = $2 AND "revoked_at" IS NULL RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- tokens.deleteExpiredBefore
WITH "s0" AS (DELETE FROM "rest_token" WHERE "expires_at" < $1 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- users.findByName
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."name" = $1;

-- users.findById
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."id" = $1;

-- users.list
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u ORDER BY u."name";
