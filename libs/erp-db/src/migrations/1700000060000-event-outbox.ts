import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTable, int, runSql, str, ts } from './schema-builder';

/** The number range of event ids (see EventEntity). */
export const EVENT_NUMBER_RANGE = 'REST_EVENT';

/**
 * Events through a transactional outbox (D10): the event rows, one delivery row per listener
 * target, and the webhook subscriptions of API users. Replaces rest_outbox, which nothing wrote.
 */
export class EventOutbox1700000060000 implements MigrationInterface {
  name = 'EventOutbox1700000060000';

  async up(q: QueryRunner): Promise<void> {
    await runSql(q, 'DROP TABLE rest_outbox');
    await createTable(
      q,
      'rest_event',
      [
        int('id', { primary: true }),
        str('event', 20),
        str('obj_key', 20),
        str('action', 12),
        str('user_name', 60),
        ts('occurred_at'),
        int('fanned_out', { default: 0 }),
      ],
      [{ name: 'IX_rest_event_fanout', columns: ['fanned_out', 'id'] }],
    );
    await createTable(
      q,
      'rest_event_delivery',
      [
        int('id', { primary: true, generated: true }),
        int('event_id'),
        str('listener', 20),
        str('target', 500),
        str('status', 10),
        int('attempts', { default: 0 }),
        ts('next_attempt_at'),
        str('lease_owner', 40, { nullable: true }),
        ts('lease_until', { nullable: true }),
        str('last_error', 500, { nullable: true }),
        ts('delivered_at', { nullable: true }),
      ],
      [
        { name: 'UQ_rest_event_delivery', columns: ['event_id', 'listener', 'target'], unique: true },
        { name: 'IX_rest_event_delivery_due', columns: ['status', 'next_attempt_at'] },
      ],
    );
    await createTable(
      q,
      'rest_webhook',
      [
        int('id', { primary: true, generated: true }),
        int('user_id'),
        str('url', 500),
        str('events', 100),
        str('secret', 100),
        ts('created_at'),
        int('enabled', { default: 1 }),
        str('disabled_reason', 500, { nullable: true }),
        ts('failing_since', { nullable: true }),
      ],
      [{ name: 'IX_rest_webhook_user', columns: ['user_id'] }],
    );
    await runSql(
      q,
      `INSERT INTO "Nummernkreis" ("Name", "LetzteNr", "Bezeichnung") ` +
        `SELECT '${EVENT_NUMBER_RANGE}', 0, 'REST events' WHERE NOT EXISTS ` +
        `(SELECT 1 FROM "Nummernkreis" WHERE "Name" = '${EVENT_NUMBER_RANGE}')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await runSql(q, `DELETE FROM "Nummernkreis" WHERE "Name" = '${EVENT_NUMBER_RANGE}'`);
    await q.dropTable('rest_webhook');
    await q.dropTable('rest_event_delivery');
    await q.dropTable('rest_event');
  }
}
