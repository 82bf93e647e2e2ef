-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
INSERT INTO "rest_token"("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES (?, 1, ?, ?, ?);

-- users.create
INSERT INTO "rest_user"("id", "name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") VALUES (NULL, ?, ?, ?, ?, ?, 0, ?, ?);

-- users.setDisabled
UPDATE "rest_user" SET "disabled" = +?, "updated_at" = +? WHERE "name" = +?;
UPDATE "rest_token" SET "revoked_at" = +? WHERE "user_id" = +? AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = +?, "disabled_reason" = +? WHERE "user_id" = +? AND "enabled" = +?;

-- users.setPasswordHash
UPDATE "rest_user" SET "password_hash" = +?, "updated_at" = +? WHERE "name" = +?;
UPDATE "rest_token" SET "revoked_at" = +? WHERE "user_id" = +? AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = +?, "disabled_reason" = +? WHERE "user_id" = +? AND "enabled" = +?;

-- users.endAccess
UPDATE "rest_token" SET "revoked_at" = +? WHERE "user_id" = +? AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = +?, "disabled_reason" = +? WHERE "user_id" = +? AND "enabled" = +?;

-- tokens.findValid
SELECT "ApiTokenEntity"."token_hash" AS "ApiTokenEntity_token_hash", "ApiTokenEntity"."user_id" AS "ApiTokenEntity_user_id", "ApiTokenEntity"."expires_at" AS "ApiTokenEntity_expires_at", "ApiTokenEntity"."created_at" AS "ApiTokenEntity_created_at", "ApiTokenEntity"."revoked_at" AS "ApiTokenEntity_revoked_at" FROM "rest_token" "ApiTokenEntity" WHERE (("ApiTokenEntity"."token_hash" = ?) AND ("ApiTokenEntity"."revoked_at" IS NULL)) LIMIT 1;

-- tokens.revokeAllOf
UPDATE "rest_token" SET "revoked_at" = ? WHERE ("user_id" = 1 AND "revoked_at" IS NULL);

-- tokens.deleteExpiredBefore
DELETE FROM "rest_token" WHERE "expires_at" < ?;

-- users.findByName
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."name" = ?)) LIMIT 1;

-- users.findById
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."id" = 1)) LIMIT 1;

-- users.list
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" ORDER BY "ApiUserEntity"."name" ASC;
