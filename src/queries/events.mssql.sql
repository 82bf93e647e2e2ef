-- The mssql statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- backlog
SELECT COUNT(1) AS "cnt" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."fanned_out" = @0));
SELECT SUM(CASE WHEN "d"."status" = 'pending' AND "d"."attempts" = 0 AND "d"."next_attempt_at" <= @0 AND ("d"."lease_until" IS NULL OR "d"."lease_until" < @0) THEN 1 ELSE 0 END) AS "waiting", SUM(CASE WHEN "d"."status" = 'pending' AND "d"."attempts" > 0 THEN 1 ELSE 0 END) AS "retrying", SUM(CASE WHEN "d"."status" = 'dead' THEN 1 ELSE 0 END) AS "dead" FROM "rest_event_delivery" "d" WHERE "d"."status" IN ('pending', 'dead');

-- fanOut
SELECT TOP (@0) "id", "event" FROM "rest_event" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "fanned_out" = 0 ORDER BY "id";
SELECT "WebhookSubscriptionEntity"."id" AS "WebhookSubscriptionEntity_id", "WebhookSubscriptionEntity"."user_id" AS "WebhookSubscriptionEntity_user_id", "WebhookSubscriptionEntity"."events" AS "WebhookSubscriptionEntity_events" FROM "rest_webhook" "WebhookSubscriptionEntity" WHERE (("WebhookSubscriptionEntity"."enabled" = @0));
SELECT "ApiUserEntity"."id" AS "ApiUserEntity_id", "ApiUserEntity"."name" AS "ApiUserEntity_name", "ApiUserEntity"."password_hash" AS "ApiUserEntity_password_hash", "ApiUserEntity"."role" AS "ApiUserEntity_role", "ApiUserEntity"."webshop" AS "ApiUserEntity_webshop", "ApiUserEntity"."usage" AS "ApiUserEntity_usage", "ApiUserEntity"."disabled" AS "ApiUserEntity_disabled", "ApiUserEntity"."created_at" AS "ApiUserEntity_created_at", "ApiUserEntity"."updated_at" AS "ApiUserEntity_updated_at" FROM "rest_user" "ApiUserEntity" WHERE (("ApiUserEntity"."id" IN (@0)));
UPDATE "rest_event" SET "fanned_out" = @0 WHERE "id" IN (@1) AND "fanned_out" = @2;
INSERT INTO "rest_event_delivery" ("event_id", "listener", "target", "status", "attempts", "next_attempt_at", "lease_owner", "lease_until", "last_error", "delivered_at") VALUES (@0, @1, @2, @3, @4, @5, @6, @7, @8, @9);

-- claimDue
UPDATE "rest_event_delivery" SET "lease_owner" = @0, "lease_until" = @1 OUTPUT INSERTED."id" AS "id", INSERTED."event_id" AS "event_id", INSERTED."listener" AS "listener", INSERTED."target" AS "target", INSERTED."attempts" AS "attempts" WHERE "id" IN (SELECT TOP (@2) "id" FROM "rest_event_delivery" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@4, @5) ORDER BY "next_attempt_at", "id") AND "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@6, @7);
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN (@0)));

-- claimDue (skipping targets)
UPDATE "rest_event_delivery" SET "lease_owner" = @0, "lease_until" = @1 OUTPUT INSERTED."id" AS "id", INSERTED."event_id" AS "event_id", INSERTED."listener" AS "listener", INSERTED."target" AS "target", INSERTED."attempts" AS "attempts" WHERE "id" IN (SELECT TOP (@2) "id" FROM "rest_event_delivery" WITH (UPDLOCK, READPAST, ROWLOCK) WHERE "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@4) AND NOT ("listener" = @5 AND "target" = @6) ORDER BY "next_attempt_at", "id") AND "status" = 'pending' AND "next_attempt_at" <= @3 AND ("lease_until" IS NULL OR "lease_until" < @3) AND "listener" IN (@7) AND NOT ("listener" = @5 AND "target" = @6);
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN (@0)));

-- renewLeases
UPDATE "rest_event_delivery" SET "lease_until" = @0 WHERE "id" IN (@1, @2) AND "lease_owner" = @3 AND "status" = 'pending';

-- markDelivered
UPDATE "rest_event_delivery" SET "status" = @0, "delivered_at" = @1, "attempts" = "attempts" + 1, "last_error" = @2, "lease_owner" = @3, "lease_until" = @4 WHERE ("id" IN (@5, @6) AND "lease_owner" = @7);

-- markFailed
UPDATE "rest_event_delivery" SET "status" = @0, "attempts" = @1, "next_attempt_at" = @2, "last_error" = @3, "lease_owner" = @4, "lease_until" = @5 WHERE ("id" = @6 AND "lease_owner" = @7);

-- events
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" > @0)) ORDER BY "EventEntity"."id" ASC OFFSET 0 ROWS FETCH NEXT 100 ROWS ONLY;

-- problemEvents (failed)
SELECT "d"."event_id" AS "eventId" FROM "rest_event_delivery" "d" WHERE "d"."event_id" > @0 AND "d"."status" = 'pending' AND "d"."attempts" > 0 GROUP BY "d"."event_id" ORDER BY "d"."event_id" ASC OFFSET 0 ROWS FETCH NEXT 100 ROWS ONLY;
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN (@0)));
SELECT "EventDeliveryEntity"."id" AS "EventDeliveryEntity_id", "EventDeliveryEntity"."event_id" AS "EventDeliveryEntity_event_id", "EventDeliveryEntity"."listener" AS "EventDeliveryEntity_listener", "EventDeliveryEntity"."target" AS "EventDeliveryEntity_target", "EventDeliveryEntity"."status" AS "EventDeliveryEntity_status", "EventDeliveryEntity"."attempts" AS "EventDeliveryEntity_attempts", "EventDeliveryEntity"."next_attempt_at" AS "EventDeliveryEntity_next_attempt_at", "EventDeliveryEntity"."lease_owner" AS "EventDeliveryEntity_lease_owner", "EventDeliveryEntity"."lease_until" AS "EventDeliveryEntity_lease_until", "EventDeliveryEntity"."last_error" AS "EventDeliveryEntity_last_error", "EventDeliveryEntity"."delivered_at" AS "EventDeliveryEntity_delivered_at" FROM "rest_event_delivery" "EventDeliveryEntity" WHERE (("EventDeliveryEntity"."event_id" IN (@0))) ORDER BY "EventDeliveryEntity"."id" ASC;

-- problemEvents (dead)
SELECT "d"."event_id" AS "eventId" FROM "rest_event_delivery" "d" WHERE "d"."event_id" > @0 AND "d"."status" = 'dead' GROUP BY "d"."event_id" ORDER BY "d"."event_id" ASC OFFSET 0 ROWS FETCH NEXT 100 ROWS ONLY;
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN (@0)));
SELECT "EventDeliveryEntity"."id" AS "EventDeliveryEntity_id", "EventDeliveryEntity"."event_id" AS "EventDeliveryEntity_event_id", "EventDeliveryEntity"."listener" AS "EventDeliveryEntity_listener", "EventDeliveryEntity"."target" AS "EventDeliveryEntity_target", "EventDeliveryEntity"."status" AS "EventDeliveryEntity_status", "EventDeliveryEntity"."attempts" AS "EventDeliveryEntity_attempts", "EventDeliveryEntity"."next_attempt_at" AS "EventDeliveryEntity_next_attempt_at", "EventDeliveryEntity"."lease_owner" AS "EventDeliveryEntity_lease_owner", "EventDeliveryEntity"."lease_until" AS "EventDeliveryEntity_lease_until", "EventDeliveryEntity"."last_error" AS "EventDeliveryEntity_last_error", "EventDeliveryEntity"."delivered_at" AS "EventDeliveryEntity_delivered_at" FROM "rest_event_delivery" "EventDeliveryEntity" WHERE (("EventDeliveryEntity"."event_id" IN (@0))) ORDER BY "EventDeliveryEntity"."id" ASC;

-- event
SELECT "EventEntity"."id" AS "EventEntity_id", "EventEntity"."event" AS "EventEntity_event", "EventEntity"."obj_key" AS "EventEntity_obj_key", "EventEntity"."action" AS "EventEntity_action", "EventEntity"."user_name" AS "EventEntity_user_name", "EventEntity"."occurred_at" AS "EventEntity_occurred_at", "EventEntity"."fanned_out" AS "EventEntity_fanned_out" FROM "rest_event" "EventEntity" WHERE (("EventEntity"."id" IN (@0)));

-- redeliver
UPDATE "rest_event_delivery" SET "status" = @0, "attempts" = @1, "next_attempt_at" = @2, "last_error" = @3, "lease_owner" = @4, "lease_until" = @5, "delivered_at" = @6 WHERE "event_id" = @7 AND "status" <> @8;

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
SELECT 1 AS "row_exists" FROM (SELECT 1 AS dummy_column) "dummy_table" WHERE EXISTS (SELECT 1 FROM "Attribut" "AttributeEntity" WHERE (("AttributeEntity"."ObjTyp" = @0) AND ("AttributeEntity"."PHKey" = @1))) ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 1 ROWS ONLY;
