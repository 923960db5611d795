import { type PortionUnit, type WaitlistEntry, WaitlistStatus } from '@annadaan/contract/portions';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DonationWaitlistTable } from '../../db/schema';
import { toIso } from '../../lib/clock';

/*
 * The waitlist's rows (issue 33): people in line, by id, for portions of one donation. A row is
 * WAITING, then OFFERED (holding the portions offered until `offer_expires_at`), then TAKEN (it
 * became an accepted request), PASSED (declined), LAPSED (not answered in time), LEFT (the person
 * stepped out while waiting) or ENDED (the food is gone). Every move is conditional on the state
 * it leaves.
 */

type Db = Kysely<Database>;

export interface WaitlistRow {
  id: number;
  donationId: number;
  userId: number;
  organisationId: number | null;
  portions: number;
  status: WaitlistStatus;
  offeredPortions: number | null;
  offerExpiresAt: Date | null;
}

const COLUMNS = ['id', 'donation_id', 'user_id', 'organisation_id', 'portions', 'status', 'offered_portions', 'offer_expires_at'] as const;

function toRow(row: Pick<Selectable<DonationWaitlistTable>, (typeof COLUMNS)[number]>): WaitlistRow {
  return {
    id: row.id,
    donationId: row.donation_id,
    userId: row.user_id,
    organisationId: row.organisation_id,
    portions: Number(row.portions),
    status: row.status as WaitlistStatus,
    offeredPortions: row.offered_portions === null ? null : Number(row.offered_portions),
    offerExpiresAt: row.offer_expires_at === null ? null : new Date(row.offer_expires_at),
  };
}

export async function insertEntry(
  db: Db,
  entry: { donationId: number; userId: number; organisationId: number | null; portions: number },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('donation_waitlist')
    .values({
      donation_id: entry.donationId,
      user_id: entry.userId,
      organisation_id: entry.organisationId,
      portions: entry.portions,
      status: WaitlistStatus.WAITING,
      offered_portions: null,
      offer_expires_at: null,
      request_id: null,
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findEntry(db: Db, id: number): Promise<WaitlistRow | null> {
  const row = await db.selectFrom('donation_waitlist').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The first in line still waiting (donation_waitlist_line_idx). */
export async function firstWaiting(db: Db, donationId: number): Promise<WaitlistRow | null> {
  const row = await db
    .selectFrom('donation_waitlist')
    .select(COLUMNS)
    .where('donation_id', '=', donationId)
    .where('status', '=', WaitlistStatus.WAITING)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function markOffered(db: Db, id: number, portions: number, endsAt: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('donation_waitlist')
    .set({ status: WaitlistStatus.OFFERED, offered_portions: portions, offer_expires_at: toIso(endsAt), updated_at: toIso(now) })
    .where('id', '=', id)
    .where('status', '=', WaitlistStatus.WAITING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** OFFERED → TAKEN, PASSED or LAPSED; WAITING → LEFT. False when the row had moved on. */
export async function moveEntry(db: Db, id: number, from: WaitlistStatus, to: WaitlistStatus, now: Date, requestId: number | null = null): Promise<boolean> {
  const result = await db
    .updateTable('donation_waitlist')
    .set({ status: to, updated_at: toIso(now), ...(requestId === null ? {} : { request_id: requestId }) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every open place in line on these donations ends (the food is gone); returns whose they were and what they held. */
export async function endEntriesOf(
  db: Db,
  donationIds: number[],
  now: Date,
): Promise<{ id: number; userId: number; donationId: number; wasOffered: boolean }[]> {
  if (donationIds.length === 0) return [];
  const rows = await db
    .selectFrom('donation_waitlist')
    .select(['id', 'user_id', 'donation_id', 'status'])
    .where('donation_id', 'in', donationIds)
    .where('status', 'in', [WaitlistStatus.WAITING, WaitlistStatus.OFFERED])
    .execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('donation_waitlist')
    .set({ status: WaitlistStatus.ENDED, updated_at: toIso(now) })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, donationId: row.donation_id, wasOffered: row.status === WaitlistStatus.OFFERED }));
}

/** A person's open places in line (account erasure). */
export async function openEntriesOf(db: Db, userId: number): Promise<WaitlistRow[]> {
  const rows = await db
    .selectFrom('donation_waitlist')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('status', 'in', [WaitlistStatus.WAITING, WaitlistStatus.OFFERED])
    .limit(1000)
    .execute();
  return rows.map(toRow);
}

/** The person's latest place in line for one donation, with its position among those still waiting. */
export async function findEntryView(db: Db, userId: number, donationId: number): Promise<WaitlistEntry | null> {
  const row = await db
    .selectFrom('donation_waitlist')
    .innerJoin('donations', 'donations.id', 'donation_waitlist.donation_id')
    .select([
      'donation_waitlist.id as id',
      'donation_waitlist.donation_id as donationId',
      'donations.food_name as foodName',
      'donations.portions_unit as unit',
      'donation_waitlist.portions as portions',
      'donation_waitlist.status as status',
      'donation_waitlist.offered_portions as offeredPortions',
      'donation_waitlist.offer_expires_at as offerExpiresAt',
      'donation_waitlist.request_id as requestId',
      'donation_waitlist.created_at as createdAt',
      // Those still waiting ahead of this row, plus this one (donation_waitlist_line_idx).
      sql<number>`(select count(*) from donation_waitlist ahead where ahead.donation_id = donation_waitlist.donation_id and ahead.status = ${WaitlistStatus.WAITING} and ahead.id <= donation_waitlist.id)`.as(
        'position',
      ),
    ])
    .where('donation_waitlist.user_id', '=', userId)
    .where('donation_waitlist.donation_id', '=', donationId)
    .orderBy('donation_waitlist.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const status = row.status as WaitlistStatus;
  return {
    id: row.id,
    donationId: row.donationId,
    foodName: row.foodName,
    unit: row.unit as PortionUnit,
    portions: Number(row.portions),
    status,
    position: status === WaitlistStatus.WAITING ? Number(row.position) : null,
    offeredPortions: status === WaitlistStatus.OFFERED ? Number(row.offeredPortions) : null,
    offerExpiresAt: status === WaitlistStatus.OFFERED ? row.offerExpiresAt : null,
    requestId: row.requestId,
    createdAt: row.createdAt,
  };
}

/** A person's places in line, for their account export. */
export async function waitlistDataOf(db: Db, userId: number) {
  return db
    .selectFrom('donation_waitlist')
    .select(['id', 'donation_id as donationId', 'portions', 'status', 'offered_portions as offeredPortions', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(10_000)
    .execute();
}
