-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- backlog
SELECT COUNT(*) AS "events" FROM "rest_event" e WHERE e."fanned_out" = 0;
SELECT
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" = 0 AND d."next_attempt_at" <= ?
    AND (d."lease_until" IS NULL OR d."lease_until" < ?) THEN 1 ELSE 0 END) AS "waiting",
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying",
  SUM(CASE WHEN d."status" = 'dead' THEN 1 ELSE 0 END) AS "dead"
FROM "rest_event_delivery" d WHERE d."status" IN ('pending', 'dead');

-- fanOut
SELECT "id", "event" FROM "rest_event" WHERE "fanned_out" = 0 ORDER BY "id" LIMIT ?;
SELECT s."id" AS "id", s."events" AS "events", u."role" AS "role",
  u."webshop" AS "webshop", u."disabled" AS "disabled"
FROM "rest_webhook" s JOIN "rest_user" u ON u."id" = s."user_id" WHERE s."enabled" = 1;
UPDATE "rest_event" SET "fanned_out" = +? WHERE "id" IN (+?) AND "fanned_out" = +?;
INSERT INTO "rest_event_delivery" ("event_id", "listener", "target", "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "delivered_at") VALUES (+?, +?, +?, +?, +?, +?, +?, +?, +?, +?);

-- claimDue
UPDATE "rest_event_delivery" SET "lease_owner" = ?, "lease_until" = ? WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= ? AND ("lease_until" IS NULL OR "lease_until" < ?) AND "listener" IN (?, ?) ORDER BY "next_attempt_at", "id" LIMIT ?) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (?);

-- claimDue (skipping targets)
UPDATE "rest_event_delivery" SET "lease_owner" = ?, "lease_until" = ? WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= ? AND ("lease_until" IS NULL OR "lease_until" < ?) AND "listener" IN (?) AND NOT ("listener" = ? AND "target" = ?) ORDER BY "next_attempt_at", "id" LIMIT ?) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (?);

-- renewLeases
UPDATE "rest_event_delivery" SET "lease_until" = ? WHERE "id" IN (?, ?) AND "lease_owner" = ? AND "status" = 'pending';

-- markDelivered
UPDATE "rest_event_delivery" SET "status" = 'delivered', "delivered_at" = ?,
  "attempts" = "attempts" + 1, "last_error" = NULL, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" IN (?, ?) AND "lease_owner" = ?;

-- markFailed
UPDATE "rest_event_delivery" SET "status" = ?, "attempts" = ?,
  "next_attempt_at" = ?, "last_error" = ?, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" = ? AND "lease_owner" = ?;

-- events
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" > ? ORDER BY e."id" LIMIT ?;

-- problemEvents (failed)
SELECT d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > ? AND d."status" = 'pending' AND d."attempts" > 0 GROUP BY d."event_id" ORDER BY d."event_id" LIMIT ?;
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (?);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN (?);

-- problemEvents (dead)
SELECT d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > ? AND d."status" = 'dead' GROUP BY d."event_id" ORDER BY d."event_id" LIMIT ?;
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (?);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN (?);

-- event
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (?);

-- redeliver
UPDATE "rest_event_delivery" SET "status" = +?, "attempts" = +?, "next_attempt_at" = +?, "last_error" = +?, "lease_owner" = +?, "lease_until" = +?, "delivered_at" = +? WHERE "event_id" = +? AND "status" IN (+?, +?);

-- subscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."user_id" = ? ORDER BY s."id";

-- allSubscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s ORDER BY s."id";

-- subscription
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."id" = ?;

-- deleteSubscription
DELETE FROM "rest_webhook" WHERE "id" = +? AND "user_id" = +?;

-- deleteSubscription (any user)
DELETE FROM "rest_webhook" WHERE "id" = +?;

-- subscriptionOutcome
UPDATE "rest_webhook" SET "failing_since" = +? WHERE "id" = +? AND "failing_since" IS NULL;
UPDATE "rest_webhook" SET "enabled" = +?, "disabled_reason" = +? WHERE "id" = +? AND "enabled" = +? AND "failing_since" <= +?;

-- eventsEnabled
SELECT CASE WHEN EXISTS (SELECT 1 FROM "Attribut" f
  WHERE f."ObjTyp" = 'FIRM' AND f."PHKey" = ?) THEN 1 ELSE 0 END AS "on";
