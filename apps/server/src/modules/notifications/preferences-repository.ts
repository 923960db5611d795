import {
  ALWAYS_EMAILED_KINDS,
  type ChannelChoice,
  DEFAULT_CHANNELS,
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  type PreferenceChannel,
  type QuietHours,
} from '@annadaan/contract/notification-preferences';
import type { NotificationKind } from '@annadaan/contract/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** A person's whole preferences: the rows they set over the contract's defaults. */
export async function readPreferences(db: Kysely<Database>, userId: number): Promise<NotificationPreferences> {
  const [rows, quietHours] = await Promise.all([
    db.selectFrom('notification_preferences').select(['kind', 'channel', 'enabled']).where('user_id', '=', userId).execute(),
    readQuietHours(db, userId),
  ]);
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHANNELS[kind] }])) as Record<NotificationKind, ChannelChoice>;
  for (const row of rows) {
    const choice = kinds[row.kind as NotificationKind];
    if (choice && (row.channel === 'push' || row.channel === 'email')) choice[row.channel] = row.enabled === 1;
  }
  for (const kind of ALWAYS_EMAILED_KINDS) kinds[kind].email = true;
  return { kinds, quietHours };
}

export async function readQuietHours(db: Kysely<Database>, userId: number): Promise<QuietHours> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['quiet_hours_enabled', 'quiet_start', 'quiet_end', 'time_zone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_QUIET_HOURS };
  return { enabled: row.quiet_hours_enabled === 1, start: row.quiet_start, end: row.quiet_end, timeZone: row.time_zone };
}

/** Whether one kind goes out on one channel for this person (one primary-key read). */
export async function channelEnabled(db: Kysely<Database>, userId: number, kind: NotificationKind, channel: PreferenceChannel): Promise<boolean> {
  if (channel === 'email' && ALWAYS_EMAILED_KINDS.includes(kind)) return true;
  const row = await db
    .selectFrom('notification_preferences')
    .select('enabled')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row ? row.enabled === 1 : (DEFAULT_CHANNELS[kind]?.[channel] ?? false);
}

/** Stores the choices given (one row per kind and channel) and the quiet hours when given, in the caller's transaction. */
export async function writePreferences(
  db: Kysely<Database>,
  userId: number,
  input: { kinds?: Partial<Record<NotificationKind, ChannelChoice>>; quietHours?: QuietHours },
  now: Date,
): Promise<void> {
  const updatedAt = toIso(now);
  const rows = Object.entries(input.kinds ?? {}).flatMap(([kind, choice]) =>
    (['push', 'email'] as const).map((channel) => ({ user_id: userId, kind, channel, enabled: choice[channel] ? 1 : 0, updated_at: updatedAt })),
  );
  if (rows.length > 0) await upsertChoices(db, rows);
  if (input.quietHours) {
    const { enabled, start, end, timeZone } = input.quietHours;
    const values = { quiet_hours_enabled: enabled ? 1 : 0, quiet_start: start, quiet_end: end, time_zone: timeZone, updated_at: updatedAt };
    await db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }
}

/** Switches one kind's email off (an unsubscribe link). */
export async function switchEmailOff(db: Kysely<Database>, userId: number, kind: NotificationKind, now: Date): Promise<void> {
  await upsertChoices(db, [{ user_id: userId, kind, channel: 'email', enabled: 0, updated_at: toIso(now) }]);
}

async function upsertChoices(
  db: Kysely<Database>,
  rows: { user_id: number; kind: string; channel: string; enabled: number; updated_at: string }[],
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'kind', 'channel'])
        .doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

/** Whether the account exists and may still be written to (an old link of a removed account). */
export async function userExists(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** A person's channel choices and quiet hours, for an account being deleted. */
export async function deletePreferencesOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
}
