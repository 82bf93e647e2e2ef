-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- backlog
SELECT COUNT(*) AS "events" FROM "rest_event" e WHERE e."fanned_out" = 0;
SELECT
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" = 0 AND d."next_attempt_at" <= @0
    AND (d."lease_until" IS NULL OR d."lease_until" < @0) THEN 1 ELSE 0 END) AS "waiting",
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying",
  SUM(CASE WHEN d."status" = 'dead' THEN 1 ELSE 0 END) AS "dead"
FROM "rest_event_delivery" d WHERE d."status" IN ('pending', 'dead');

-- fanOut
SELECT TOP (@0) "id", "event" FROM "rest_event" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "fanned_out" = 0 ORDER BY "id";
SELECT s."id" AS "id", s."events" AS "events", u."role" AS "role",
  u."webshop" AS "webshop", u."disabled" AS "disabled"
FROM "rest_webhook" s JOIN "rest_user" u ON u."id" = s."user_id" WHERE s."enabled" = 1;
UPDATE "rest_event" SET "fanned_out" = @0 WHERE "id" IN (@1) AND "fanned_out" = @2;
INSERT INTO "rest_event_delivery" ("event_id", "listener", "target", "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "delivered_at") VALUES (@0, @1, @2, @3, @4, @5, @6, @7, @8, @9);

-- claimDue
UPDATE "rest_event_delivery" SET "lease_owner" = @0, "lease_until" = @1 OUTPUT INSERTED."id" AS "id", INSERTED."event_id" AS "event_id", INSERTED."listener" AS "listener", INSERTED."target" AS "target", INSERTED."attempts" AS "attempts" WHERE "id" IN (SELECT TOP (@2) "id" FROM "rest_event_delivery" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@4, @5) ORDER BY "next_attempt_at", "id") AND "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@6, @7);
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (@0);

-- claimDue (skipping targets)
UPDATE "rest_event_delivery" SET "lease_owner" = @0, "lease_until" = @1 OUTPUT INSERTED."id" AS "id", INSERTED."event_id" AS "event_id", INSERTED."listener" AS "listener", INSERTED."target" AS "target", INSERTED."attempts" AS "attempts" WHERE "id" IN (SELECT TOP (@2) "id" FROM "rest_event_delivery" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@4) AND NOT ("listener" = @5 AND "target" = @6) ORDER BY "next_attempt_at", "id") AND "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@7) AND NOT ("listener" = @5 AND "target" = @6);
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (@0);

-- renewLeases
UPDATE "rest_event_delivery" SET "lease_until" = @0 WHERE "id" IN (@1, @2) AND "lease_owner" = @3 AND "status" = 'pending';

-- markDelivered
UPDATE "rest_event_delivery" SET "status" = 'delivered', "delivered_at" = @0,
  "attempts" = "attempts" + 1, "last_error" = NULL, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" IN (@1, @2) AND "lease_owner" = @3;

-- markFailed
UPDATE "rest_event_delivery" SET "status" = @0, "attempts" = @1,
  "next_attempt_at" = @2, "last_error" = @3, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" = @4 AND "lease_owner" = @5;

-- events
SELECT TOP (@0) e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" > @1 ORDER BY e."id";

-- problemEvents (failed)
SELECT TOP (@0) d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > @1 AND d."status" = 'pending' AND d."attempts" > 0 GROUP BY d."event_id" ORDER BY d."event_id";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (@0);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN (@0);

-- problemEvents (dead)
SELECT TOP (@0) d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > @1 AND d."status" = 'dead' GROUP BY d."event_id" ORDER BY d."event_id";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (@0);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN (@0);

-- event
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN (@0);

-- redeliver
UPDATE "rest_event_delivery" SET "status" = @0, "attempts" = @1, "next_attempt_at" = @2, "last_error" = @3, "lease_owner" = @4, "lease_until" = @5, "delivered_at" = @6 WHERE "event_id" = @7 AND "status" IN (@8, @9);

-- subscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."user_id" = @0 ORDER BY s."id";

-- allSubscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s ORDER BY s."id";

-- subscription
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."id" = @0;

-- deleteSubscription
DELETE FROM "rest_webhook" WHERE "id" = @0 AND "user_id" = @1;

-- deleteSubscription (any user)
DELETE FROM "rest_webhook" WHERE "id" = @0;

-- subscriptionOutcome
UPDATE "rest_webhook" SET "failing_since" = @0 WHERE "id" = @1 AND "failing_since" IS NULL;
UPDATE "rest_webhook" SET "enabled" = @0, "disabled_reason" = @1 WHERE "id" = @2 AND "enabled" = @3 AND "failing_since" <= @4;

-- eventsEnabled
SELECT CASE WHEN EXISTS (SELECT 1 FROM "Attribut" f
  WHERE f."ObjTyp" = 'FIRM' AND f."PHKey" = @0) THEN 1 ELSE 0 END AS "on";
