-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- tokens.save
INSERT INTO "rest_token" ("token_hash", "user_id", "expires_at", "created_at", "revoked_at") VALUES (+?, +?, +?, +?, +?);

-- users.create
INSERT INTO "rest_user" ("name", "password_hash", "role", "webshop", "usage", "disabled", "created_at", "updated_at") VALUES (+?, +?, +?, +?, +?, +?, +?, +?) RETURNING "id";

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
SELECT t."expires_at" AS "expiresAt", u."id" AS "id", u."name" AS "name",
  u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage"
FROM "rest_token" t JOIN "rest_user" u ON u."id" = t."user_id"
WHERE t."token_hash" = +? AND t."revoked_at" IS NULL AND u."disabled" = 0;

-- tokens.revokeAllOf
UPDATE "rest_token" SET "revoked_at" = +? WHERE "user_id" = +? AND "revoked_at" IS NULL;

-- tokens.deleteExpiredBefore
DELETE FROM "rest_token" WHERE "expires_at" < +?;

-- users.findByName
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."name" = ?;

-- users.findById
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u WHERE u."id" = ?;

-- users.list
SELECT u."id" AS "id", u."name" AS "name", u."password_hash" AS "passwordHash", u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage", u."disabled" AS "disabled", u."created_at" AS "createdAt", u."updated_at" AS "updatedAt" FROM "rest_user" u ORDER BY u."name";
