-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
INSERT INTO "rest_token" ("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES (@0, @1, @2, @3, @4);

-- users.create
INSERT INTO "rest_user" ("name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") OUTPUT INSERTED."id" VALUES (@0, @1, @2, @3, @4, @5, @6, @7);

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
SELECT t."expires_at" AS "expiresAt", u."id" AS "id", u."name" AS "name",
  u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage"
FROM "rest_token" t JOIN "rest_user" u ON u."id" = t."user_id"
WHERE t."token_hash" = @0 AND t."revoked_at" IS NULL AND u."disabled" = 0;

-- tokens.revokeAllOf
UPDATE "rest_token" SET "revoked_at" = @0 WHERE "user_id" = @1 AND "revoked_at" IS NULL;

-- tokens.deleteExpiredBefore
DELETE FROM "rest_token" WHERE "expires_at" < @0;

-- users.findByName
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."name" = @0;

-- users.findById
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."id" = @0;

-- users.list
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u ORDER BY u."name";
