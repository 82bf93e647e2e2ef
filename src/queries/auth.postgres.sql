-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
INSERT INTO "rest_token"("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES ($1, $2, $3, $4, $5);

-- users.create
INSERT INTO "rest_user"("name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING "id", "disabled";

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
SELECT "ApiTokenEntity"."token_hash" AS "ApiTokenEntity_token_hash", "ApiTokenEntity"."user_id" AS "ApiTokenEntity_user_id", "ApiTokenEntity"."expires_at" AS "ApiTokenEntity_expires_at", "ApiTokenEntity"."created_at" AS "ApiTokenEntity_created_at", "ApiTokenEntity"."revoked_at" AS "ApiTokenEntity_revoked_at" FROM "rest_token" "ApiTokenEntity" WHERE (("ApiTokenEntity"."token_hash" = $1) AND ("ApiTokenEntity"."revoked_at" IS NULL)) LIMIT 1;

-- tokens.revokeAllOf
UPDATE "rest_token" SET "revoked_at" = $1 WHERE ("user_id" = $2 AND "revoked_at" IS NULL);

-- tokens.deleteExpiredBefore
DELETE FROM "rest_token" WHERE "expires_at" < $1;

-- users.findByName
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."name" = $1)) LIMIT 1;

-- users.findById
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."id" = $1)) LIMIT 1;

-- users.list
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" ORDER BY "ApiUserEntity"."name" ASC;
