import crypto from 'node:crypto';
import { type ConsentEntry, type ConsentSource, KIND_GROUPS, type KindGroup, MESSAGING_CHANNELS, type MessagingChannel } from '@annadaan/contract/messaging';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

export type ConsentTable = Record<MessagingChannel, Record<KindGroup, ConsentEntry>>;

/** Every channel and group, off where no row says otherwise. */
export async function readConsents(db: Db, userId: number): Promise<ConsentTable> {
  const rows = await db
    .selectFrom('messaging_consents')
    .select(['channel', 'kind_group', 'enabled', 'source', 'changed_at'])
    .where('user_id', '=', userId)
    .execute();
  const table = Object.fromEntries(
    MESSAGING_CHANNELS.map((channel) => [channel, Object.fromEntries(KIND_GROUPS.map((group) => [group, { on: false, changedAt: null, source: null }]))]),
  ) as ConsentTable;
  for (const row of rows) {
    const channel = row.channel as MessagingChannel;
    const group = row.kind_group as KindGroup;
    if (table[channel]?.[group]) table[channel][group] = { on: row.enabled === 1, changedAt: row.changed_at, source: row.source as ConsentSource };
  }
  return table;
}

export async function writeConsent(
  db: Db,
  userId: number,
  channel: MessagingChannel,
  group: KindGroup,
  on: boolean,
  source: ConsentSource,
  now: Date,
): Promise<void> {
  const values = { enabled: on ? 1 : 0, source, changed_at: toIso(now) };
  await db
    .insertInto('messaging_consents')
    .values({ user_id: userId, channel, kind_group: group, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'channel', 'kind_group']).doUpdateSet(values))
    .execute();
}

export async function deleteConsentsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('messaging_consents').where('user_id', '=', userId).execute();
}

/** The people among `userIds` with a verified number and at least one channel on, with what is on. */
export async function consentingPeople(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('messaging_consents')
    .innerJoin('users', 'users.id', 'messaging_consents.user_id')
    .select(['messaging_consents.user_id', 'messaging_consents.channel', 'messaging_consents.kind_group'])
    .where('messaging_consents.user_id', 'in', userIds)
    .where('messaging_consents.enabled', '=', 1)
    .where('users.phone_verified_at', 'is not', null)
    .execute();
}

export async function consentOn(db: Db, userId: number, channel: MessagingChannel, group: KindGroup): Promise<boolean> {
  const row = await db
    .selectFrom('messaging_consents')
    .select('enabled')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('kind_group', '=', group)
    .executeTakeFirst();
  return row?.enabled === 1;
}

/**
 * Claims a message's idempotency key: true when this call wrote it (the message is new), false
 * when a row was there (a retry: the caller looks at its status).
 */
export async function claimSend(
  db: Db,
  send: { key: string; userId: number | null; notificationId: number | null; channel: MessagingChannel; template: string; toEnding: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('messaging_sends')
    .values({
      idempotency_key: send.key,
      user_id: send.userId,
      notification_id: send.notificationId,
      channel: send.channel,
      template: send.template,
      to_ending: send.toEnding,
      provider_id: null,
      status: 'sending',
      detail: null,
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function sendByKey(db: Db, key: string) {
  return db.selectFrom('messaging_sends').select(['status', 'provider_id', 'detail']).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function markSend(db: Db, key: string, status: string, providerId: string | null, detail: string | null, now: Date): Promise<void> {
  await db
    .updateTable('messaging_sends')
    .set({ status, ...(providerId ? { provider_id: providerId } : {}), detail, updated_at: toIso(now) })
    .where('idempotency_key', '=', key)
    .execute();
}

/** A provider's status callback; statuses only move forward (a late "sent" does not undo "read"). */
const STATUS_ORDER = ['sending', 'sent', 'delivered', 'read'];
export async function recordProviderStatus(
  db: Db,
  channel: MessagingChannel,
  providerId: string,
  status: string,
  detail: string | null,
  now: Date,
): Promise<number> {
  const later = status === 'failed' ? STATUS_ORDER : STATUS_ORDER.slice(0, Math.max(STATUS_ORDER.indexOf(status), 0));
  const result = await db
    .updateTable('messaging_sends')
    .set({ status, detail, updated_at: toIso(now) })
    .where('channel', '=', channel)
    .where('provider_id', '=', providerId)
    .where('status', 'in', later.length > 0 ? later : ['-'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** True the first time an event id is seen: a replayed webhook finds it taken and changes nothing. */
export async function firstSighting(db: Db, eventId: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('messaging_webhook_events')
    .values({ id: eventId.slice(0, 300), received_at: toIso(now) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/** A new opaque, single-use button payload bound to one request and its donor; only its hash is kept. */
export async function issueReplyToken(db: Db, requestId: number, donorId: number, action: 'accept' | 'decline', expiresAt: Date, now: Date): Promise<string> {
  const token = `r1.${crypto.randomBytes(24).toString('base64url')}`;
  await db
    .insertInto('reply_tokens')
    .values({
      token_hash: hashToken(token),
      request_id: requestId,
      donor_id: donorId,
      action,
      expires_at: toIso(expiresAt),
      used_at: null,
      created_at: toIso(now),
    })
    .execute();
  return token;
}

/**
 * Uses a token once: the one call whose update finds it unused and fresh gets its request and
 * action; every other (a replay, a second tap, a late tap, a forgery) gets null.
 */
export async function useReplyToken(db: Db, token: string, donorId: number, now: Date): Promise<{ requestId: number; action: 'accept' | 'decline' } | null> {
  const row = await db
    .updateTable('reply_tokens')
    .set({ used_at: toIso(now) })
    .where('token_hash', '=', hashToken(token))
    .where('donor_id', '=', donorId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .returning(['request_id', 'action'])
    .executeTakeFirst();
  return row ? { requestId: Number(row.request_id), action: row.action === 'accept' ? 'accept' : 'decline' } : null;
}

/** Using one button spends its sibling too: a request is answered once. */
export async function spendRequestTokens(db: Db, requestId: number, now: Date): Promise<void> {
  await db
    .updateTable('reply_tokens')
    .set({ used_at: toIso(now) })
    .where('request_id', '=', requestId)
    .where('used_at', 'is', null)
    .execute();
}

/** The `rate_limits` key that counts a channel's messages against its daily cap (one home for the delivery and the admins' view). */
export function dailyCapKey(channel: MessagingChannel): string {
  return `messages-cap:${channel}`;
}

/** Messages a provider refused for good, newest first, one bounded page at a time (index on status, id). */
export async function listRefusedSends(db: Db, page: { page: number; pageSize: number }) {
  const refused = db.selectFrom('messaging_sends').where('status', '=', 'failed');
  const [count, rows] = await Promise.all([
    refused.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    refused
      .select(['id', 'channel', 'template', 'to_ending', 'detail', 'updated_at'])
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    items: rows.map((row) => ({
      id: row.id,
      channel: row.channel as MessagingChannel,
      template: row.template,
      toEnding: row.to_ending,
      detail: row.detail,
      at: row.updated_at,
    })),
  };
}

/**
 * Each channel's count against its cap in the current 24-hour window, read from the counters the
 * delivery keeps (a window that is over counts nothing, as `recordHit` would start a new one).
 */
export async function readDailyUsage(db: Db, caps: Record<MessagingChannel, number>, now: Date, windowMs: number) {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'count', 'window_start'])
    .where(
      'key',
      'in',
      MESSAGING_CHANNELS.map((channel) => dailyCapKey(channel)),
    )
    .execute();
  return MESSAGING_CHANNELS.map((channel) => {
    const row = rows.find((candidate) => candidate.key === dailyCapKey(channel));
    const endsAt = row ? new Date(new Date(row.window_start).getTime() + windowMs) : null;
    const current = row && endsAt && endsAt.getTime() > now.getTime();
    const used = current ? Number(row.count) : 0;
    return { channel, used, cap: caps[channel], reached: used >= caps[channel], resetsAt: current && endsAt ? toIso(endsAt) : null };
  });
}
