-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.findValid
SELECT "ApiTokenEntity"."token_hash" AS "ApiTokenEntity_token_hash", "ApiTokenEntity"."user_id" AS "ApiTokenEntity_user_id", "ApiTokenEntity"."expires_at" AS "ApiTokenEntity_expires_at", "ApiTokenEntity"."created_at" AS "ApiTokenEntity_created_at", "ApiTokenEntity"."revoked_at" AS "ApiTokenEntity_revoked_at" FROM "rest_token" "ApiTokenEntity" WHERE (("ApiTokenEntity"."token_hash" = @0) AND ("ApiTokenEntity"."revoked_at" IS NULL)) ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 1 ROWS ONLY;

-- tokens.revokeAllOf
UPDATE "rest_token" SET "revoked_at" = @0 WHERE ("user_id" = @1 AND "revoked_at" IS NULL);

-- tokens.deleteExpiredBefore
DELETE FROM "rest_token" WHERE "expires_at" < @0;

-- users.findByName
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."name" = @0)) ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 1 ROWS ONLY;

-- users.findById
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."id" = @0)) ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 1 ROWS ONLY;

-- users.list
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" ORDER BY "ApiUserEntity"."name" ASC;
