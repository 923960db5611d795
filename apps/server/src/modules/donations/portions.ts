import { type DonationStatus, effectiveDonationStatus } from '@annadaan/contract/donations';
import type { DonationPortions, PortionUnit } from '@annadaan/contract/portions';
import { RequestStatus } from '@annadaan/contract/request-status';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { syncMapEntry } from '../map/map-cells';

/*
 * A donation's portions (issue 33; decision 053), published for the requests module: what is left,
 * taking and giving back, and the status that follows from them. `portions_taken` counts portions
 * held by accepted requests, collected, or held by an open waitlist offer; every change to it is
 * one conditional statement, so two instances can never take more than exist.
 */

type Db = Kysely<Database>;

export interface PortionState {
  donationId: number;
  donorId: number;
  foodName: string;
  status: DonationStatus;
  expiresAt: Date;
  total: number;
  taken: number;
  left: number;
  unit: PortionUnit;
  maxPerRequest: number;
  autoAccept: boolean;
  organisationsOnlyUntil: Date | null;
}

/** The portions of a donation, or null when it is one receiver's food (or does not exist). */
export async function findPortionState(db: Db, donationId: number, now: Date): Promise<PortionState | null> {
  const row = await db
    .selectFrom('donations')
    .select([
      'id',
      'donor_id',
      'food_name',
      'status',
      'expires_at',
      'portions_total',
      'portions_taken',
      'portions_unit',
      'portions_max_per_request',
      'portions_auto_accept',
      'organisations_only_until',
    ])
    .where('id', '=', donationId)
    .executeTakeFirst();
  if (!row || row.portions_total === null) return null;
  const total = Number(row.portions_total);
  const taken = Number(row.portions_taken);
  const expiresAt = new Date(row.expires_at);
  return {
    donationId: row.id,
    donorId: row.donor_id,
    foodName: row.food_name,
    status: effectiveDonationStatus(row.status as DonationStatus, expiresAt, now),
    expiresAt,
    total,
    taken,
    left: Math.max(0, total - taken),
    unit: row.portions_unit as PortionUnit,
    maxPerRequest: Number(row.portions_max_per_request ?? total),
    autoAccept: Number(row.portions_auto_accept) === 1,
    organisationsOnlyUntil: row.organisations_only_until === null ? null : new Date(row.organisations_only_until),
  };
}

/**
 * Takes `count` portions if that many are left on an open, unexpired donation: one conditional
 * update, true when it took them. Never more than exist, whichever instance writes.
 */
export async function takePortions(db: Db, donationId: number, count: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ portions_taken: sql`portions_taken + ${count}`, updated_at: toIso(now) })
    .where('id', '=', donationId)
    .where('status', 'in', ['AVAILABLE', 'PENDING'])
    .where('expires_at', '>', toIso(now))
    .where(sql<boolean>`portions_taken + ${count} <= portions_total`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives `count` portions back to the pool (a cancel, a partial collection, a lapsed offer). */
export async function returnPortions(db: Db, donationId: number, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('donations')
    .set({ portions_taken: sql`case when portions_taken >= ${count} then portions_taken - ${count} else 0 end`, updated_at: toIso(now) })
    .where('id', '=', donationId)
    .execute();
}

/**
 * The status that follows from the portions, in the caller's transaction: AVAILABLE (listed) while
 * some are left; PENDING while none are left and some are still to be collected (accepted requests,
 * open offers); COMPLETED once every portion is collected. An ended donation (withdrawn, hidden,
 * expired) is left as it is. Returns the status it has now.
 */
export async function settlePortionStatus(trx: Db, donationId: number, now: Date): Promise<DonationStatus | null> {
  const state = await findPortionState(trx, donationId, now);
  if (!state) return null;
  if (state.status !== 'AVAILABLE' && state.status !== 'PENDING') return state.status;
  let wanted: DonationStatus;
  if (state.left > 0) wanted = 'AVAILABLE';
  else {
    const holders = await trx
      .selectFrom('donation_requests')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('donation_id', '=', donationId)
      .where('status', '=', RequestStatus.AWAITING_PICKUP)
      .executeTakeFirstOrThrow();
    const offers = await trx
      .selectFrom('donation_waitlist')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('donation_id', '=', donationId)
      .where('status', '=', 'OFFERED')
      .executeTakeFirstOrThrow();
    wanted = Number(holders.count) + Number(offers.count) > 0 ? 'PENDING' : 'COMPLETED';
  }
  if (wanted === state.status) return wanted;
  const moved = await trx
    .updateTable('donations')
    .set({ status: wanted, updated_at: toIso(now) })
    .where('id', '=', donationId)
    .where('status', '=', state.status)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) await syncMapEntry(trx, 'donations', donationId, now);
  return wanted;
}

/** People still waiting in line, per donation, for the cards' "N waiting". */
export async function waitingCounts(db: Db, donationIds: number[]): Promise<Map<number, number>> {
  if (donationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('donation_waitlist')
    .select(['donation_id', (eb) => eb.fn.countAll().as('count')])
    .where('donation_id', 'in', donationIds)
    .where('status', 'in', ['WAITING', 'OFFERED'])
    .groupBy('donation_id')
    .execute();
  return new Map(rows.map((row) => [row.donation_id, Number(row.count)]));
}

/** The reader's view of a row's portion columns; null for one receiver's food. */
export function portionsView(
  row: { portionsTotal: number | null; portionsTaken: number; portionsUnit: string | null; portionsMaxPerRequest: number | null; portionsAutoAccept: number },
  waiting = 0,
): DonationPortions | null {
  if (row.portionsTotal === null) return null;
  const total = Number(row.portionsTotal);
  return {
    total,
    left: Math.max(0, total - Number(row.portionsTaken)),
    unit: row.portionsUnit as PortionUnit,
    maxPerRequest: Number(row.portionsMaxPerRequest ?? total),
    autoAccept: Number(row.portionsAutoAccept) === 1,
    waiting,
  };
}
