-- The postgres statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- backlog
SELECT COUNT(1) AS "cnt" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."fanned_out" = $1));
SELECT SUM(CASE WHEN "d"."status" = 'pending' AND "d"."attempts" = 0 AND "d"."next_attempt_at" <= $1 AND ("d"."lease_until" IS NULL OR "d"."lease_until" < $1) THEN 1 ELSE 0 END) AS "waiting", SUM(CASE WHEN "d"."status" = 'pending' AND "d"."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying", SUM(CASE WHEN "d"."status" = 'dead' THEN 1 ELSE 0 END) AS "dead" FROM "rest_event_delivery" "d" WHERE "d"."status" IN ('pending', 'dead');

-- fanOut
SELECT "id", "event" FROM "rest_event" WHERE "fanned_out" = 0 ORDER BY "id" LIMIT $1 FOR UPDATE SKIP LOCKED;
SELECT "WebhookSubscriptionEntity"."id" AS "WebhookSubscriptionEntity_id", "WebhookSubscriptionEntity"."user_id" AS "WebhookSubscriptionEntity_user_id", "WebhookSubscriptionEntity"."events" AS "WebhookSubscriptionEntity_events" FROM "rest_webhook" "WebhookSubscriptionEntity" WHERE (("WebhookSubscriptionEntity"."enabled" = $1));
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."id" IN ($1)));
WITH "s0" AS (UPDATE "rest_event" SET "fanned_out" = $1 WHERE "id" IN ($2) AND "fanned_out" = $3 RETURNING 1),
"s1" AS (INSERT INTO "rest_event_delivery" ("event_id", "listener", "target", "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "delivered_at") VALUES ($4, $5, $6, $7, $8, $9, $10, $11, $12, $13))
SELECT NULL AS "number", NULL AS "event", (SELECT COUNT(*) FROM "s0") AS "count0", CAST(CASE WHEN (SELECT COUNT(*) FROM "s0") = 1 THEN '0' ELSE 'erp_failed_step_0' END AS integer) AS "check0";

-- claimDue
UPDATE "rest_event_delivery" SET "lease_owner" = $1, "lease_until" = $2 WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= $3 AND ("lease_until" IS NULL OR "lease_until" < $3) AND "listener" IN ($4, $5) ORDER BY "next_attempt_at", "id" LIMIT $6 FOR UPDATE SKIP LOCKED) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN ($1)));

-- claimDue (skipping targets)
UPDATE "rest_event_delivery" SET "lease_owner" = $1, "lease_until" = $2 WHERE "id" IN (SELECT "id" FROM "rest_event_delivery" WHERE "status" = 'pending' AND "next_attempt_at" <= $3 AND ("lease_until" IS NULL OR "lease_until" < $3) AND "listener" IN ($4) AND NOT ("listener" = $5 AND "target" = $6) ORDER BY "next_attempt_at", "id" LIMIT $7 FOR UPDATE SKIP LOCKED) RETURNING "id", "event_id", "listener", "target", "attempts";
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN ($1)));

-- renewLeases
UPDATE "rest_event_delivery" SET "lease_until" = $1 WHERE "id" IN ($2, $3) AND "lease_owner" = $4 AND "status" = 'pending';

-- markDelivered
UPDATE "rest_event_delivery" SET "status" = $1, "delivered_at" = $2, "attempts" = "attempts" + 1, "last_error" = $3, "lease_owner" = $4, "lease_until" = $5 WHERE ("id" IN ($6, $7) AND "lease_owner" = $8);

-- markFailed
UPDATE "rest_event_delivery" SET "status" = $1, "attempts" = $2, "next_attempt_at" = $3, "last_error" = $4, "lease_owner" = $5, "lease_until" = $6 WHERE ("id" = $7 AND "lease_owner" = $8);

-- events
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" > $1)) ORDER BY "EventEntity"."id" ASC LIMIT 100;

-- problemEvents (failed)
SELECT "d"."event_id" AS "eventId" FROM "rest_event_delivery" "d" WHERE "d"."event_id" > $1 AND "d"."status" = 'pending' AND "d"."attempts" > 0 GROUP BY "d"."event_id" ORDER BY "d"."event_id" ASC LIMIT 100;
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN ($1)));
SELECT "EventDeliveryEntity"."id" AS "EventDeliveryEntity_id", "EventDeliveryEntity"."event_id" AS "EventDeliveryEntity_event_id", "EventDeliveryEntity"."listener" AS "EventDeliveryEntity_listener", "EventDeliveryEntity"."target" AS "EventDeliveryEntity_target", "EventDeliveryEntity"."status" AS "EventDeliveryEntity_status", "EventDeliveryEntity"."attempts" AS "EventDeliveryEntity_attempts", "EventDeliveryEntity"."next_attempt_at" AS "EventDeliveryEntity_next_attempt_at", "EventDeliveryEntity"."lease_owner" AS "EventDeliveryEntity_lease_owner", "EventDeliveryEntity"."lease_until" AS "EventDeliveryEntity_lease_until", "EventDeliveryEntity"."last_error" AS "EventDeliveryEntity_last_error", "EventDeliveryEntity"."delivered_at" AS "EventDeliveryEntity_delivered_at" FROM "rest_event_delivery" "EventDeliveryEntity" WHERE (("EventDeliveryEntity"."event_id" IN ($1))) ORDER BY "EventDeliveryEntity"."id" ASC;

-- problemEvents (dead)
SELECT "d"."event_id" AS "eventId" FROM "rest_event_delivery" "d" WHERE "d"."event_id" > $1 AND "d"."status" = 'dead' GROUP BY "d"."event_id" ORDER BY "d"."event_id" ASC LIMIT 100;
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN ($1)));
SELECT "EventDeliveryEntity"."id" AS "EventDeliveryEntity_id", "EventDeliveryEntity"."event_id" AS "EventDeliveryEntity_event_id", "EventDeliveryEntity"."listener" AS "EventDeliveryEntity_listener", "EventDeliveryEntity"."target" AS "EventDeliveryEntity_target", "EventDeliveryEntity"."status" AS "EventDeliveryEntity_status", "EventDeliveryEntity"."attempts" AS "EventDeliveryEntity_attempts", "EventDeliveryEntity"."next_attempt_at" AS "EventDeliveryEntity_next_attempt_at", "EventDeliveryEntity"."lease_owner" AS "EventDeliveryEntity_lease_owner", "EventDeliveryEntity"."lease_until" AS "EventDeliveryEntity_lease_until", "EventDeliveryEntity"."last_error" AS "EventDeliveryEntity_last_error", "EventDeliveryEntity"."delivered_at" AS "EventDeliveryEntity_delivered_at" FROM "rest_event_delivery" "EventDeliveryEntity" WHERE (("EventDeliveryEntity"."event_id" IN ($1))) ORDER BY "EventDeliveryEntity"."id" ASC;

-- event
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN ($1)));

-- redeliver
UPDATE "rest_event_delivery" SET "status" = $1, "attempts" = $2, "next_attempt_at" = $3, "last_error" = $4, "lease_owner" = $5, "lease_until" = $6, "delivered_at" = $7 WHERE "event_id" = $8 AND "status" <> $9;

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
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "Attribut" "AttributeEntity" WHERE (("AttributeEntity"."ObjTyp" = $1) AND ("AttributeEntity"."PHKey" = $2))) LIMIT 1;
