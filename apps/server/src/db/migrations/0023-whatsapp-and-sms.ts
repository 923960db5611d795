import { type AppMigration, withId } from './migration-helpers';

/**
 * WhatsApp and SMS (issue 31; decision 049).
 * - `users.phone_verified_at`: when the person proved the number is theirs; cleared when it changes.
 * - `phone_verifications`: codes sent by SMS, hashed, with expiry and tries, per number.
 * - `messaging_consents`: per person, channel (whatsapp, sms) and kind group (handover, alerts),
 *   on or off, when, and how (settings page or a STOP/START reply).
 * - `messaging_sends`: one row per message handed to a provider, under a stable idempotency key,
 *   with the provider's id and the last status its callbacks reported. Only the number's last
 *   digits are kept.
 * - `messaging_webhook_events`: ids of provider events already acted on, so a replay changes nothing.
 * - `reply_tokens`: the single-use Accept/Decline payloads of a REQUEST_RECEIVED WhatsApp message.
 * - `notifications.request_id`: the request a notification is about, where there is one, so a
 *   channel can fetch what only that message may carry (the receiver's pickup code).
 */
export const whatsappAndSms: AppMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('request_id', 'integer').execute();

    await withId(db.schema.createTable('phone_verifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('phone_verifications_user_idx').on('phone_verifications').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('messaging_consents')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('kind_group', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('messaging_consents_pk', ['user_id', 'channel', 'kind_group'])
      .execute();

    await withId(db.schema.createTable('messaging_sends'), dialect)
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('notification_id', 'integer')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('to_ending', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('messaging_sends_provider_idx').on('messaging_sends').columns(['channel', 'provider_id']).execute();

    await db.schema
      .createTable('messaging_webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('reply_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('request_id', 'integer', (c) => c.notNull().references('donation_requests.id').onDelete('cascade'))
      .addColumn('donor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
