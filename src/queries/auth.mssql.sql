-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
INSERT INTO "rest_token"("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES (@0, @1, @2, @3, @4);

-- users.create
DECLARE @OutputTable TABLE ("id" int, "disabled" int);

INSERT INTO "rest_user"("name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") OUTPUT INSERTED."id", INSERTED."disabled" INTO @OutputTable VALUES (@0, @1, @2, @3, @4, @5, @6, @7);

SELECT * FROM @OutputTable;

-- users.setDisabled
UPDATE "rest_user" SET "disabled" = @0, "updated_at" = @1 WHERE "name" = @2;
UPDATE "rest_token" SET "revoked_at" = @0 WHERE "user_id" = @1 AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = @0, "disabled_reason" = @1 WHERE "user_id" = @2 AND "enabled" = @3;

-- users.setPasswordHash
UPDATE "rest_user" SET "password_hash" = @0, "updated_at" = @1 WHERE "name" = @2;
UPDATE "rest_token" SET "revoked_at" = @0 WHERE "user_id" = @1 AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = @0, "disabled_reason" = @1 WHERE "user_id" = @2 AND "enabled" = @3;

-- users.endAccess
UPDATE "rest_token" SET "revoked_at" = @0 WHERE "user_id" = @1 AND "revoked_at" IS NULL;
UPDATE "rest_webhook" SET "enabled" = @0, "disabled_reason" = @1 WHERE "user_id" = @2 AND "enabled" = @3;

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
