-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- backlog
SELECT COUNT(*) AS "events" FROM "rest_event" e WHERE e."fanned_out" = 0;
SELECT
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" = 0 AND d."next_attempt_at" <= $1
    AND (d."lease_until" IS NULL OR d."lease_until" < $1) THEN 1 ELSE 0 END) AS "waiting",
  SUM(CASE WHEN d."status" = 'pending' AND d."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying",
  SUM(CASE WHEN d."status" = 'dead' THEN 1 ELSE 0 END) AS "dead"
FROM "rest_event_delivery" d WHERE d."status" IN ('pending', 'dead');

-- fanOut
SELECT "id", "event" FROM "rest_event" WHERE "fanned_out" = 0 ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED;
SELECT s."id" AS "id", s."events" AS "events", u."role" AS "role",
  u."webshop" AS "webshop", u."disabled" AS "disabled"
FROM "rest_webhook" s JOIN "rest_user" u ON u."id" = s."user_id" WHERE s."enabled" = 1;
WITH "s0" AS (UPDATE "rest_event" SET "fanned_out" = $1 WHERE "id" IN ($2) AND "fanned_out" = $3 RETURNING 1),
"s1" AS (INSERT INTO "rest_event_delivery" ("event_id", "listener", "target", "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "delivered_at") VALUES ($4, $5, $6, $7, $8, $9, $10, $11, $12, $13))
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", CAST(CASE WHEN (SELECT COUNT(*) FROM "s0") = 1 THEN '0' ELSE 'erp_failed_step_0' END AS integer) AS "check0";

-- claimDue
UPDATE "rest_event_delivery" SET "lease_owner" = $1, "lease_until" = $2 WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= $3 AND ("lease_until" IS NULL OR "lease_until" < $3) AND "listener" IN ($4, $5) ORDER BY "next_attempt_at", "id" LIMIT $6 FOR UPDATE SKIP LOCKED) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN ($1);

-- claimDue (skipping targets)
UPDATE "rest_event_delivery" SET "lease_owner" = $1, "lease_until" = $2 WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= $3 AND ("lease_until" IS NULL OR "lease_until" < $3) AND "listener" IN ($4) AND NOT ("listener" = $5 AND "target" = $6) ORDER BY "next_attempt_at", "id" LIMIT $7 FOR UPDATE SKIP LOCKED) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN ($1);

-- renewLeases
UPDATE "rest_event_delivery" SET "lease_until" = $1 WHERE "id" IN ($2, $3) AND "lease_owner" = $4 AND "status" = 'pending';

-- markDelivered
UPDATE "rest_event_delivery" SET "status" = 'delivered', "delivered_at" = $1,
  "attempts" = "attempts" + 1, "last_error" = NULL, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" IN ($2, $3) AND "lease_owner" = $4;

-- markFailed
UPDATE "rest_event_delivery" SET "status" = $1, "attempts" = $2,
  "next_attempt_at" = $3, "last_error" = $4, "lease_owner" = NULL, "lease_until" = NULL
WHERE "id" = $5 AND "lease_owner" = $6;

-- events
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" > $1 ORDER BY e."id" LIMIT $2;

-- problemEvents (failed)
SELECT d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > $1 AND d."status" = 'pending' AND d."attempts" > 0 GROUP BY d."event_id" ORDER BY d."event_id" LIMIT $2;
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN ($1);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN ($1);

-- problemEvents (dead)
SELECT d."event_id" AS "eventId" FROM "rest_event_delivery" d WHERE d."event_id" > $1 AND d."status" = 'dead' GROUP BY d."event_id" ORDER BY d."event_id" LIMIT $2;
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN ($1);
SELECT d."id" AS "id", d."event_id" AS "eventId", d."listener" AS "listener",
  d."target" AS "target", d."status" AS "status", d."attempts" AS "attempts",
  d."next_attempt_at" AS "nextAttemptAt", d."last_error" AS "lastError", d."delivered_at" AS "deliveredAt"
FROM "rest_event_delivery" d WHERE d."event_id" IN ($1);

-- event
SELECT e."id" AS "id", e."event" AS "event", e."obj_key" AS "objKey", e."action" AS "action",
  e."user_name" AS "userName", e."occurred_at" AS "occurredAt" FROM "rest_event" e WHERE e."id" IN ($1);

-- redeliver
WITH "s0" AS (UPDATE "rest_event_delivery" SET "status" = $1, "attempts" = $2, "next_attempt_at" = $3, "last_error" = $4, "lease_owner" = $5, "lease_until" = $6, "delivered_at" = $7 WHERE "event_id" = $8 AND "status" IN ($9, $10) RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- subscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."user_id" = $1 ORDER BY s."id";

-- allSubscriptions
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s ORDER BY s."id";

-- subscription
SELECT s."id" AS "id", s."user_id" AS "userId", s."url" AS "url", s."events" AS "events", s."secret" AS "secret", s."created_at" AS "createdAt", s."enabled" AS "enabled", s."disabled_reason" AS "disabledReason", s."failing_since" AS "failingSince" FROM "rest_webhook" s WHERE s."id" = $1;

-- deleteSubscription
WITH "s0" AS (DELETE FROM "rest_webhook" WHERE "id" = $1 AND "user_id" = $2 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- deleteSubscription (any user)
WITH "s0" AS (DELETE FROM "rest_webhook" WHERE "id" = $1 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0";

-- subscriptionOutcome
WITH "s0" AS (UPDATE "rest_webhook" SET "failing_since" = $1 WHERE "id" = $2 AND "failing_since" IS NULL RETURNING 1),
"s1" AS (UPDATE "rest_webhook" SET "enabled" = $3, "disabled_reason" = $4 WHERE "id" = $5 AND "enabled" = $6 AND "failing_since" <= $7 RETURNING 1)
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", (SELECT COUNT(*) FROM "s1") AS "count1";

-- eventsEnabled
SELECT CASE WHEN EXISTS (SELECT 1 FROM "Attribut" f
  WHERE f."ObjTyp" = 'FIRM' AND f."PHKey" = $1) THEN 1 ELSE 0 END AS "on";
