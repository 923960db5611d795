import crypto from 'node:crypto';
import { coded } from '@annadaan/contract/message-codes';
import { publicArea, snapToGrid } from '@annadaan/contract/area';
import { extractPinCode } from '@annadaan/contract/pin-code';
import {
  type KeptAs,
  RUN_FALLBACK_BEFORE_MINUTES,
  RUN_PICKUP_WITHIN_MINUTES,
  type Run,
  RunEventKind,
  RunStatus,
  VolunteerStatus,
} from '@annadaan/contract/runs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden, locked, notFound } from '../../lib/http-errors';
import { isBlockedBetween } from '../blocks/blocks-service';
import { findPinCode } from '../geo/pin-codes';
import { cancelJobs, enqueueJobs } from '../jobs/job-queue';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { findVolunteer, volunteersCovering } from '../volunteers/volunteers-service';
import { isMemberOf } from '../organisations/organisations-membership';
import {
  type RunParties,
  findRunParties,
  findRunViewRow,
  insertRun,
  insertRunEvent,
  insertRunRating,
  isActiveRun,
  listOrganisationRuns,
  markClaimed,
  markEnded,
  markPickedUp,
  markReopened,
  ratedBy,
  recordWrongHandoverCode,
  runEventsOf,
  toRunView,
  unendedRunsOf,
} from './runs-repository';

type Db = Kysely<Database>;

/** Wrong handover codes a claim tolerates before it is released for another volunteer. */
export const HANDOVER_CODE_MAX_FAILED_ATTEMPTS = 5;
export const RUN_DUE_JOB = 'run-pickup-due';
export const RUN_FALLBACK_JOB = 'run-fallback';
export const runDueKey = (runId: number) => `${RUN_DUE_JOB}:${runId}`;
export const runFallbackKey = (runId: number) => `${RUN_FALLBACK_JOB}:${runId}`;

function newHandoverCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A point's grid cell, or the cell of the address's pin code when there is no point. */
function cellOf(lat: number | null, lng: number | null, address: string): { lat: number; lng: number } | null {
  if (lat !== null && lng !== null) return { lat: snapToGrid(lat), lng: snapToGrid(lng) };
  const pin = extractPinCode(address);
  const place = pin ? findPinCode(pin) : null;
  return place ? { lat: snapToGrid(place.lat), lng: snapToGrid(place.lng) } : null;
}

/** Tells approved volunteers whose area covers the pickup, except the ones named, in the caller's transaction. */
async function tellVolunteers(
  trx: Db,
  run: { id: number; foodName: string; pickupArea: string; dropoffArea: string; pickupCell: { lat: number; lng: number }; runDistanceKm: number },
  except: number[],
  now: Date,
) {
  const volunteers = await volunteersCovering(trx, run.pickupCell, except);
  await recordNotifications(
    trx,
    volunteers.map((volunteerId) => notices.runAvailable(volunteerId, run.id, run.foodName, run.pickupArea, run.dropoffArea, run.runDistanceKm)),
    now,
  );
}

/**
 * In the accept's transaction: an accepted "Please deliver" request gets its run, volunteers near
 * the pickup are told, and donor and receiver will hear in time if nobody picks it up.
 */
export async function openRunForRequest(trx: Db, requestId: number, now: Date): Promise<void> {
  const row = await trx
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .select([
      'donation_requests.delivery_choice as choice',
      'donation_requests.dropoff_address as dropoffAddress',
      'donation_requests.dropoff_latitude as dropoffLat',
      'donation_requests.dropoff_longitude as dropoffLng',
      'donation_requests.receiver_id as receiverId',
      'donations.id as donationId',
      'donations.donor_id as donorId',
      'donations.food_name as foodName',
      'donations.location as location',
      'donations.area as area',
      'donations.latitude as lat',
      'donations.longitude as lng',
      'donations.expires_at as expiresAt',
    ])
    .where('donation_requests.id', '=', requestId)
    .executeTakeFirst();
  if (row?.choice !== 'DELIVER' || row.dropoffAddress === null) return;
  const pickupCell = cellOf(row.lat === null ? null : Number(row.lat), row.lng === null ? null : Number(row.lng), row.location);
  const dropoffCell = cellOf(
    row.dropoffLat === null ? null : Number(row.dropoffLat),
    row.dropoffLng === null ? null : Number(row.dropoffLng),
    row.dropoffAddress,
  );
  // The request was checked for a known pin code when it was made; a pickup without one cannot be matched to anyone.
  if (!pickupCell || !dropoffCell) return;
  const run = {
    requestId,
    donationId: row.donationId,
    pickupArea: row.area,
    dropoffArea: publicArea(row.dropoffAddress),
    pickupCell,
    dropoffCell,
    windowEndsAt: row.expiresAt,
  };
  const runId = await insertRun(trx, run, now);
  await insertRunEvent(trx, runId, RunEventKind.CREATED, null, null, now);
  const created = await findRunParties(trx, runId);
  if (!created) return;
  await tellVolunteers(trx, { ...created, id: runId }, [row.donorId, row.receiverId], now);
  await enqueueJobs(trx, [{ kind: RUN_FALLBACK_JOB, payload: { runId }, runAt: fallbackTime(created.windowEndsAt, now), key: runFallbackKey(runId) }]);
}

/** An hour before the food expires, or halfway there when less than two hours are left. */
function fallbackTime(windowEndsAt: Date, now: Date): Date {
  const left = windowEndsAt.getTime() - now.getTime();
  const before = Math.min(RUN_FALLBACK_BEFORE_MINUTES * MINUTE, left / 2);
  return new Date(windowEndsAt.getTime() - before);
}

/** A run for one of its people; a stranger, another volunteer (once claimed) and anyone else get 404. */
async function loadRun(db: Db, runId: number, userId: number): Promise<RunParties> {
  const run = await findRunParties(db, runId);
  if (!run) throw notFound('RUN_NOT_FOUND');
  const party = run.donorId === userId || run.receiverId === userId || (run.volunteerId !== null && run.volunteerId === userId);
  if (party) return run;
  // A member of the organisation the request was made for follows it (issue 32), without acting on it.
  if (run.organisationId !== null && (await isMemberOf(db, run.organisationId, userId))) return run;
  if (run.status === RunStatus.OPEN) {
    const volunteer = await findVolunteer(db, userId);
    if (volunteer?.status === VolunteerStatus.APPROVED) return run;
  }
  throw notFound('RUN_NOT_FOUND');
}

async function canRate(db: Db, run: RunParties, viewerId: number): Promise<Run['canRate']> {
  if (run.status !== RunStatus.DELIVERED || run.volunteerId === null) return [];
  const done = new Set(await ratedBy(db, run.id, viewerId));
  const targets: { who: 'DONOR' | 'RECEIVER' | 'VOLUNTEER'; id: number }[] =
    viewerId === run.volunteerId
      ? [
          { who: 'DONOR', id: run.donorId },
          { who: 'RECEIVER', id: run.receiverId },
        ]
      : [{ who: 'VOLUNTEER', id: run.volunteerId }];
  return targets.filter((target) => !done.has(target.id)).map((target) => target.who);
}

export async function runFor(db: Db, runId: number, viewerId: number, now: Date): Promise<Run> {
  const run = await loadRun(db, runId, viewerId);
  if (run.status === RunStatus.OPEN && run.windowEndsAt <= now && run.donorId !== viewerId && run.receiverId !== viewerId) throw notFound('RUN_NOT_FOUND');
  const row = await findRunViewRow(db, runId);
  if (!row) throw notFound('RUN_NOT_FOUND');
  const party = viewerId === run.donorId || viewerId === run.receiverId || viewerId === run.volunteerId;
  const member = !party && run.organisationId !== null && (await isMemberOf(db, run.organisationId, viewerId));
  if (member) return toRunView(row, viewerId, { member: true, events: await runEventsOf(db, runId) });
  return toRunView(row, viewerId, party ? { events: await runEventsOf(db, runId), canRate: await canRate(db, run, viewerId) } : {});
}

async function approvedVolunteer(db: Db, userId: number) {
  const volunteer = await findVolunteer(db, userId);
  if (volunteer?.status === VolunteerStatus.SUSPENDED) throw forbidden('VOLUNTEER_SUSPENDED');
  if (volunteer?.status !== VolunteerStatus.APPROVED) throw forbidden('VOLUNTEER_NOT_APPROVED');
  return volunteer;
}

/** One volunteer takes an open run: one conditional write decides among any number of parallel claims. */
export async function claimRun(db: Db, volunteerId: number, runId: number, now: Date): Promise<Run> {
  await approvedVolunteer(db, volunteerId);
  const run = await findRunParties(db, runId);
  if (!run) throw notFound('RUN_NOT_FOUND');
  if (run.donorId === volunteerId || run.receiverId === volunteerId) throw forbidden('RUN_OWN_HANDOVER');
  if (run.volunteerId === volunteerId && isActiveRun(run.status)) return runFor(db, runId, volunteerId, now);
  if (run.status !== RunStatus.OPEN) throw conflict(isActiveRun(run.status) ? 'RUN_ALREADY_CLAIMED' : 'RUN_ENDED');
  if (run.windowEndsAt <= now) throw conflict('RUN_ENDED');
  if ((await isBlockedBetween(db, volunteerId, run.donorId)) || (await isBlockedBetween(db, volunteerId, run.receiverId))) throw forbidden('NOT_ALLOWED');
  const dueAt = new Date(Math.min(now.getTime() + RUN_PICKUP_WITHIN_MINUTES * MINUTE, run.windowEndsAt.getTime()));
  await db.transaction().execute(async (trx) => {
    if (!(await markClaimed(trx, runId, volunteerId, newHandoverCode(), dueAt, now))) throw conflict('RUN_ALREADY_CLAIMED');
    await insertRunEvent(trx, runId, RunEventKind.CLAIMED, volunteerId, null, now);
    await recordNotifications(
      trx,
      [notices.runUpdate(run.donorId, 'donor', runId, 'claimed', run.foodName), notices.runUpdate(run.receiverId, 'receiver', runId, 'claimed', run.foodName)],
      now,
    );
    await enqueueJobs(trx, [{ kind: RUN_DUE_JOB, payload: { runId, volunteerId }, runAt: dueAt, key: runDueKey(runId) }]);
  });
  return runFor(db, runId, volunteerId, now);
}

/**
 * Back to the pool, in the caller's transaction: released by the volunteer, missed, or locked by
 * wrong codes. Donor and receiver hear, and the other volunteers near it are told again.
 */
async function reopen(trx: Db, run: RunParties, volunteerId: number, kind: 'RELEASED' | 'NO_SHOW', now: Date): Promise<boolean> {
  if (!(await markReopened(trx, run.id, volunteerId, now))) return false;
  await insertRunEvent(trx, run.id, kind === 'RELEASED' ? RunEventKind.RELEASED : RunEventKind.NO_SHOW, volunteerId, null, now);
  await cancelJobs(trx, [runDueKey(run.id)]);
  await recordNotifications(
    trx,
    [
      notices.runUpdate(run.donorId, 'donor', run.id, 'released', run.foodName),
      notices.runUpdate(run.receiverId, 'receiver', run.id, 'released', run.foodName),
      ...(kind === 'NO_SHOW' ? [notices.runForVolunteer(volunteerId, run.id, 'noShow', run.foodName)] : []),
    ],
    now,
  );
  if (run.windowEndsAt > now) await tellVolunteers(trx, run, [run.donorId, run.receiverId, volunteerId], now);
  return true;
}

function mustCarry(run: RunParties, volunteerId: number) {
  if (run.volunteerId !== volunteerId) throw forbidden('RUN_NOT_CLAIMED_BY_YOU');
}

export async function releaseRun(db: Db, volunteerId: number, runId: number, now: Date): Promise<Run> {
  const run = await loadRun(db, runId, volunteerId);
  mustCarry(run, volunteerId);
  if (run.status === RunStatus.PICKED_UP) throw conflict('RUN_RELEASE_TOO_LATE');
  if (run.status !== RunStatus.CLAIMED) throw conflict('RUN_ENDED');
  await db.transaction().execute(async (trx) => {
    if (!(await reopen(trx, run, volunteerId, 'RELEASED', now))) throw conflict('RUN_ENDED');
  });
  return runFor(db, runId, volunteerId, now);
}

export class WrongHandoverCodeError extends AppError {
  constructor(readonly failedAttempts: number) {
    super(400, 'WRONG_HANDOVER_CODE', coded('HANDOVER_CODE_WRONG'));
    this.onField('handoverCode');
  }
}

/** The donor enters the volunteer's code: the food is now with the volunteer (PICKED_UP), with how it was kept. */
export async function pickUpRun(
  db: Db,
  donorId: number,
  runId: number,
  input: { handoverCode: string; kept?: KeptAs | undefined; temperatureC?: number | undefined },
  now: Date,
): Promise<Run> {
  const run = await loadRun(db, runId, donorId);
  if (run.donorId !== donorId) throw forbidden('RUN_DONOR_ONLY');
  if (run.status === RunStatus.OPEN) throw conflict('RUN_NOT_CLAIMED');
  if (run.status !== RunStatus.CLAIMED) throw conflict('RUN_ENDED');
  const volunteerId = run.volunteerId as number;
  const failed = await recordWrongHandoverCode(db, runId, input.handoverCode, HANDOVER_CODE_MAX_FAILED_ATTEMPTS, now);
  if (failed !== null) {
    if (failed >= HANDOVER_CODE_MAX_FAILED_ATTEMPTS) {
      // Someone is guessing, or the wrong person came: the claim goes and the run is offered again.
      await db.transaction().execute((trx) => reopen(trx, run, volunteerId, 'RELEASED', now));
      throw locked('HANDOVER_CODE_VOID');
    }
    throw new WrongHandoverCodeError(failed);
  }
  await db.transaction().execute(async (trx) => {
    const kept = { kept: input.kept ?? null, temperatureC: input.temperatureC ?? null };
    if (!(await markPickedUp(trx, runId, input.handoverCode, HANDOVER_CODE_MAX_FAILED_ATTEMPTS, kept, now))) throw conflict('RUN_ENDED');
    await insertRunEvent(trx, runId, RunEventKind.PICKED_UP, volunteerId, { kept: input.kept, temperatureC: input.temperatureC }, now);
    await cancelJobs(trx, [runDueKey(runId)]);
    await recordNotifications(trx, [notices.runUpdate(run.receiverId, 'receiver', runId, 'pickedUp', run.foodName)], now);
  });
  return runFor(db, runId, donorId, now);
}

/**
 * The volunteer enters the receiver's pickup code at the drop-off: the request completes as a
 * donor's confirmation would (the requests module does that), and the run ends DELIVERED in the
 * same transaction.
 */
export async function deliverRun(
  db: Db,
  volunteerId: number,
  runId: number,
  pickupCode: string,
  now: Date,
  completeWithCode: (requestId: number, code: string, inTransaction: (trx: Db) => Promise<void>) => Promise<void>,
): Promise<Run> {
  const run = await loadRun(db, runId, volunteerId);
  mustCarry(run, volunteerId);
  if (run.status === RunStatus.CLAIMED) throw conflict('RUN_NOT_PICKED_UP');
  if (run.status !== RunStatus.PICKED_UP) throw conflict('RUN_ENDED');
  await completeWithCode(run.requestId, pickupCode, async (trx) => {
    if (!(await markEnded(trx, runId, [RunStatus.PICKED_UP], RunStatus.DELIVERED, now))) throw conflict('RUN_ENDED');
    await insertRunEvent(trx, runId, RunEventKind.DELIVERED, volunteerId, null, now);
    await recordNotifications(trx, [notices.runForVolunteer(volunteerId, runId, 'delivered', run.foodName)], now);
  });
  return runFor(db, runId, volunteerId, now);
}

/**
 * The food is no longer safe: the volunteer marks it for disposal with a reason (the 2019 FSSAI
 * regulations' record). The request ends, counted against nobody; the donation is over.
 */
export async function disposeRun(
  db: Db,
  volunteerId: number,
  runId: number,
  reason: string,
  now: Date,
  endRequest: (trx: Db, requestId: number) => Promise<boolean>,
): Promise<Run> {
  const run = await loadRun(db, runId, volunteerId);
  mustCarry(run, volunteerId);
  if (run.status === RunStatus.CLAIMED) throw conflict('RUN_NOT_PICKED_UP');
  if (run.status !== RunStatus.PICKED_UP) throw conflict('RUN_ENDED');
  await db.transaction().execute(async (trx) => {
    if (!(await markEnded(trx, runId, [RunStatus.PICKED_UP], RunStatus.DISPOSED, now, reason))) throw conflict('RUN_ENDED');
    await insertRunEvent(trx, runId, RunEventKind.DISPOSED, volunteerId, { reason }, now);
    await endRequest(trx, run.requestId);
    await recordNotifications(
      trx,
      [notices.runDisposed(run.donorId, runId, run.foodName, reason), notices.runDisposed(run.receiverId, runId, run.foodName, reason)],
      now,
    );
  });
  return runFor(db, runId, volunteerId, now);
}

/** The receiver will collect after all (nobody took the run, or it is late): the run ends, the request goes on as a pickup. */
export async function collectMyself(db: Db, receiverId: number, runId: number, now: Date): Promise<Run> {
  const run = await loadRun(db, runId, receiverId);
  if (run.receiverId !== receiverId) throw forbidden('NOT_ALLOWED');
  if (run.status === RunStatus.PICKED_UP) throw conflict('RUN_IN_PROGRESS');
  if (!isActiveRun(run.status) && run.status !== RunStatus.OPEN) throw conflict('RUN_ENDED');
  await db.transaction().execute(async (trx) => {
    if (!(await endRunQuietly(trx, run, 'RECEIVER', now))) throw conflict('RUN_ENDED');
    await trx.updateTable('donation_requests').set({ delivery_choice: 'COLLECT' }).where('id', '=', run.requestId).execute();
  });
  return runFor(db, runId, receiverId, now);
}

/** OPEN or CLAIMED → CANCELLED, the claiming volunteer told; in the caller's transaction. */
async function endRunQuietly(
  trx: Db,
  run: { id: number; status: RunStatus; volunteerId: number | null; foodName: string },
  by: string,
  now: Date,
): Promise<boolean> {
  if (!(await markEnded(trx, run.id, [RunStatus.OPEN, RunStatus.CLAIMED], RunStatus.CANCELLED, now))) return false;
  await insertRunEvent(trx, run.id, RunEventKind.CANCELLED, run.volunteerId, { by }, now);
  await cancelJobs(trx, [runDueKey(run.id), runFallbackKey(run.id)]);
  if (run.volunteerId !== null) await recordNotifications(trx, [notices.runForVolunteer(run.volunteerId, run.id, 'cancelled', run.foodName)], now);
  return true;
}

/**
 * For the requests module: the donor confirms a receiver's code in person. Refused while a
 * volunteer holds the food; otherwise an open or claimed run ends (the volunteer is told).
 */
export async function assertNoRunCarrying(db: Db, requestId: number): Promise<void> {
  const run = await db.selectFrom('delivery_runs').select('status').where('request_id', '=', requestId).executeTakeFirst();
  if (run?.status === RunStatus.PICKED_UP) throw conflict('RUN_IN_PROGRESS');
}

/** Ends the runs of these donations that are not over (the handover ended another way); in the caller's transaction. */
export async function endRunsOfDonations(trx: Db, donationIds: number[], by: string, now: Date): Promise<void> {
  await endRuns(trx, await unendedRunsOf(trx, donationIds), by, now);
}

/** One request's run ends (its receiver withdrew or collected in person): on food in portions (issue 33) the donation's other runs go on. */
export async function endRunOfRequest(trx: Db, requestId: number, by: string, now: Date): Promise<void> {
  await endRuns(trx, await unendedRunsOf(trx, [], requestId), by, now);
}

async function endRuns(trx: Db, runs: Awaited<ReturnType<typeof unendedRunsOf>>, by: string, now: Date): Promise<void> {
  for (const run of runs) {
    if (run.status === RunStatus.PICKED_UP) {
      if (await markEnded(trx, run.id, [RunStatus.PICKED_UP], RunStatus.CANCELLED, now)) {
        await insertRunEvent(trx, run.id, RunEventKind.CANCELLED, run.volunteerId, { by }, now);
        await cancelJobs(trx, [runDueKey(run.id), runFallbackKey(run.id)]);
        if (run.volunteerId !== null) await recordNotifications(trx, [notices.runForVolunteer(run.volunteerId, run.id, 'cancelled', run.foodName)], now);
      }
    } else {
      await endRunQuietly(trx, run, by, now);
    }
  }
}

/** An account being deleted: claims not yet picked up go back to the pool, as a release would. */
export async function releaseRunsOf(trx: Db, volunteerId: number, now: Date): Promise<void> {
  const claimed = await trx.selectFrom('delivery_runs').select('id').where('volunteer_id', '=', volunteerId).where('status', '=', RunStatus.CLAIMED).execute();
  for (const { id } of claimed) {
    const run = await findRunParties(trx, id);
    if (run) await reopen(trx, run, volunteerId, 'RELEASED', now);
  }
}

/** The runs of an organisation's requests, for its members; anyone else learns nothing (404). */
export async function runsOfOrganisation(db: Db, viewerId: number, organisationId: number, page: { page: number; pageSize: number }) {
  if (!(await isMemberOf(db, organisationId, viewerId))) throw notFound('ORGANISATION_NOT_FOUND');
  return listOrganisationRuns(db, organisationId, viewerId, page);
}

/** Jobs: a claim not picked up by its due time is the volunteer's no-show and the run is offered again. */
export async function handleRunDue(db: Db, runId: number, volunteerId: number, now: Date, finish: (trx: Db) => Promise<boolean>): Promise<void> {
  const run = await findRunParties(db, runId);
  if (!run || run.status !== RunStatus.CLAIMED || run.volunteerId !== volunteerId) return;
  await db.transaction().execute(async (trx) => {
    if (!(await finish(trx))) return;
    await reopen(trx, run, volunteerId, 'NO_SHOW', now);
  });
}

/** Jobs: nobody has the food in hand an hour before it expires: donor and receiver are told to fall back to self-pickup. */
export async function handleRunFallback(
  db: Db,
  runId: number,
  now: Date,
  finish: (trx: Db) => Promise<boolean>,
  markTold: (trx: Db) => Promise<boolean>,
): Promise<void> {
  const run = await findRunParties(db, runId);
  if (!run || (run.status !== RunStatus.OPEN && run.status !== RunStatus.CLAIMED) || run.windowEndsAt <= now) return;
  await db.transaction().execute(async (trx) => {
    if (!(await finish(trx))) return;
    if (!(await markTold(trx))) return;
    await insertRunEvent(trx, runId, RunEventKind.FALLBACK, run.volunteerId, null, now);
    await recordNotifications(
      trx,
      [
        notices.runUpdate(run.donorId, 'donor', runId, 'fallback', run.foodName),
        notices.runUpdate(run.receiverId, 'receiver', runId, 'fallback', run.foodName),
      ],
      now,
    );
  });
}

/** Donor and receiver rate the volunteer; the volunteer rates both; once each, after delivery. */
export async function rateRun(
  db: Db,
  raterId: number,
  runId: number,
  input: { ratee: 'DONOR' | 'RECEIVER' | 'VOLUNTEER'; rating: number; comment: string },
  now: Date,
): Promise<Run> {
  const run = await loadRun(db, runId, raterId);
  if (run.status !== RunStatus.DELIVERED || run.volunteerId === null) throw conflict('RUN_RATING_NOT_DELIVERED');
  const rateeId = input.ratee === 'DONOR' ? run.donorId : input.ratee === 'RECEIVER' ? run.receiverId : run.volunteerId;
  const allowed =
    raterId === run.volunteerId ? input.ratee !== 'VOLUNTEER' : input.ratee === 'VOLUNTEER' && (raterId === run.donorId || raterId === run.receiverId);
  if (!allowed || rateeId === raterId) throw badRequest('RUN_RATEE_NOT_YOURS').onField('ratee');
  if ((await ratedBy(db, runId, raterId)).includes(rateeId)) throw conflict('RUN_RATING_DUPLICATE');
  try {
    await insertRunRating(db, { runId, raterId, rateeId, rating: input.rating, comment: input.comment }, now);
  } catch (error) {
    if ((await ratedBy(db, runId, raterId)).includes(rateeId)) throw conflict('RUN_RATING_DUPLICATE');
    throw error;
  }
  return runFor(db, runId, raterId, now);
}
