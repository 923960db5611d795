import {
  type MyVolunteer,
  RunEventKind,
  RunStatus,
  type TravelMode,
  type VolunteerApplicant,
  type VolunteerApplication,
  type VolunteerQueueQuery,
  VolunteerStatus,
  VOLUNTEER_RADIUS_KM,
  VOLUNTEER_TERMS_VERSION,
  WALKTHROUGH_VERSION,
} from '@annadaan/contract/runs';
import { type LatLng, boundingBox } from '@annadaan/contract/distance';
import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { distanceKmSql, radiusBound } from '../geo/distance-sql';

type Db = Kysely<Database>;

export interface VolunteerRow {
  userId: number;
  status: VolunteerStatus;
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** A condition for other features' queries: the user id in `userId` is an approved volunteer. */
export function isApprovedVolunteer(userId: Expression<number>) {
  return sql<boolean>`exists (select 1 from volunteers where volunteers.user_id = ${userId} and volunteers.status = ${VolunteerStatus.APPROVED})`;
}

export async function findVolunteer(db: Db, userId: number): Promise<VolunteerRow | null> {
  const row = await db
    .selectFrom('volunteers')
    .select(['user_id as userId', 'status', 'latitude', 'longitude', 'radius_km as radiusKm'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { ...row, status: row.status as VolunteerStatus, latitude: Number(row.latitude), longitude: Number(row.longitude), radiusKm: Number(row.radiusKm) }
    : null;
}

/** Runs delivered and claims not picked up in time, per volunteer. */
export async function volunteerFigures(db: Db, userIds: number[]): Promise<Map<number, { delivered: number; noShows: number }>> {
  const figures = new Map<number, { delivered: number; noShows: number }>(userIds.map((id) => [id, { delivered: 0, noShows: 0 }]));
  if (userIds.length === 0) return figures;
  const [delivered, noShows] = await Promise.all([
    db
      .selectFrom('delivery_runs')
      .select(['volunteer_id as userId', (eb) => eb.fn.countAll().as('count')])
      .where('volunteer_id', 'in', userIds)
      .where('status', '=', RunStatus.DELIVERED)
      .groupBy('volunteer_id')
      .execute(),
    db
      .selectFrom('run_events')
      .select(['volunteer_id as userId', (eb) => eb.fn.countAll().as('count')])
      .where('volunteer_id', 'in', userIds)
      .where('kind', '=', RunEventKind.NO_SHOW)
      .groupBy('volunteer_id')
      .execute(),
  ]);
  for (const row of delivered) if (row.userId !== null) (figures.get(row.userId) as { delivered: number }).delivered = Number(row.count);
  for (const row of noShows) if (row.userId !== null) (figures.get(row.userId) as { noShows: number }).noShows = Number(row.count);
  return figures;
}

export async function myVolunteer(db: Db, userId: number): Promise<MyVolunteer | null> {
  const row = await db.selectFrom('volunteers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const figures = (await volunteerFigures(db, [userId])).get(userId) ?? { delivered: 0, noShows: 0 };
  return {
    status: row.status as VolunteerStatus,
    areaLabel: row.area_label,
    lat: Number(row.latitude),
    lng: Number(row.longitude),
    radiusKm: Number(row.radius_km),
    travelMode: row.travel_mode as TravelMode,
    walkthroughVersion: row.walkthrough_version,
    termsVersion: row.terms_version,
    appliedAt: row.created_at,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    ...figures,
  };
}

/**
 * Writes an application, or updates one: a new applicant (or one an admin turned down) waits for
 * a decision; an approved volunteer who moves their area stays approved; a suspended one stays suspended.
 */
export async function saveApplication(
  db: Db,
  userId: number,
  input: VolunteerApplication,
  point: { latitude: number; longitude: number },
  now: Date,
): Promise<void> {
  const at = toIso(now);
  const values = {
    walkthrough_version: WALKTHROUGH_VERSION,
    walkthrough_completed_at: at,
    terms_version: VOLUNTEER_TERMS_VERSION,
    terms_accepted_at: at,
    area_label: input.areaLabel.trim(),
    latitude: point.latitude,
    longitude: point.longitude,
    radius_km: input.radiusKm,
    travel_mode: input.travelMode,
    updated_at: at,
  };
  await db
    .insertInto('volunteers')
    .values({ user_id: userId, status: VolunteerStatus.APPLIED, created_at: at, decided_by: null, decided_at: null, decision_note: null, ...values })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        ...values,
        status: eb
          .case()
          .when(eb.ref('volunteers.status'), '=', VolunteerStatus.REJECTED)
          .then(VolunteerStatus.APPLIED)
          .else(eb.ref('volunteers.status'))
          .end(),
      })),
    )
    .execute();
}

/** What an application shows an admin or an organisation's members (a volunteers row joined to its user). */
const APPLICANT_COLUMNS = [
  'volunteers.user_id as userId',
  'users.full_name as fullName',
  'volunteers.status as status',
  'volunteers.area_label as areaLabel',
  'volunteers.radius_km as radiusKm',
  'volunteers.travel_mode as travelMode',
  'volunteers.walkthrough_version as walkthroughVersion',
  'volunteers.terms_version as termsVersion',
  'volunteers.created_at as appliedAt',
] as const;

interface ApplicantRow {
  userId: number;
  fullName: string;
  status: string;
  areaLabel: string;
  radiusKm: number;
  travelMode: string;
  walkthroughVersion: string;
  termsVersion: string;
  appliedAt: string;
}

/** Applications with each person's delivered runs and no-shows, read in two grouped counts. */
async function withFigures(db: Db, rows: ApplicantRow[]): Promise<VolunteerApplicant[]> {
  const figures = await volunteerFigures(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    ...row,
    status: row.status as VolunteerStatus,
    travelMode: row.travelMode as TravelMode,
    radiusKm: Number(row.radiusKm),
    ...(figures.get(row.userId) ?? { delivered: 0, noShows: 0 }),
  }));
}

export async function listApplicants(db: Db, query: VolunteerQueueQuery): Promise<{ total: number; items: VolunteerApplicant[] }> {
  const base = db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .where('volunteers.status', '=', query.status)
    .where('users.deleted_at', 'is', null);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .select(APPLICANT_COLUMNS)
      .orderBy('volunteers.created_at', 'asc')
      .orderBy('volunteers.user_id', 'asc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: await withFigures(db, rows) };
}

/** Moves a volunteer to the decided status and keeps the decision; false when there is no application. */
export async function recordDecision(
  trx: Db,
  entry: { userId: number; decidedBy: number; organisationId?: number; status: VolunteerStatus; decision: string; note: string; onlyFrom?: VolunteerStatus },
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('volunteers')
    .set({
      status: entry.status,
      decided_by: entry.decidedBy,
      decided_at: toIso(now),
      decision_note: entry.note === '' ? null : entry.note,
      updated_at: toIso(now),
    })
    .where('user_id', '=', entry.userId)
    .$if(entry.onlyFrom !== undefined, (query) => query.where('status', '=', entry.onlyFrom ?? VolunteerStatus.APPLIED))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('volunteer_decisions')
    .values({
      user_id: entry.userId,
      decided_by: entry.decidedBy,
      organisation_id: entry.organisationId ?? null,
      decision: entry.decision,
      note: entry.note,
      created_at: toIso(now),
    })
    .execute();
  return true;
}

/** The volunteer records of an organisation's members, for its dashboard. */
export async function volunteersAmong(db: Db, memberIds: number[]): Promise<VolunteerApplicant[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select(APPLICANT_COLUMNS)
    .where('volunteers.user_id', 'in', memberIds)
    .where('users.deleted_at', 'is', null)
    .orderBy('volunteers.created_at')
    .limit(500)
    .execute();
  return withFigures(db, rows);
}

/**
 * Approved volunteers whose area covers a point, other than `except`: a latitude band of the
 * largest radius (volunteers_area_idx), then each one's own radius. Signed-in accounts only.
 */
export async function volunteersCovering(db: Db, point: LatLng, except: number[]): Promise<number[]> {
  const box = boundingBox(point, VOLUNTEER_RADIUS_KM.max);
  const rows = await db
    .selectFrom('volunteers')
    .innerJoin('users', 'users.id', 'volunteers.user_id')
    .select('volunteers.user_id as userId')
    .where('volunteers.status', '=', VolunteerStatus.APPROVED)
    .where('volunteers.latitude', '>=', box.minLat)
    .where('volunteers.latitude', '<=', box.maxLat)
    .where('volunteers.longitude', '>=', box.minLng)
    .where('volunteers.longitude', '<=', box.maxLng)
    .where('users.deleted_at', 'is', null)
    .where('users.deactivated_at', 'is', null)
    .$if(except.length > 0, (query) => query.where('volunteers.user_id', 'not in', except))
    // The circle's own points count in (radiusBound); the bound is subtracted from the distance, a
    // double, so PostgreSQL never reads the small number as an integer.
    .where((eb) =>
      eb(
        sql<number>`${distanceKmSql(point, eb.ref('volunteers.latitude'), eb.ref('volunteers.longitude'))} - ${radiusBound(0)}`,
        '<=',
        eb.ref('volunteers.radius_km'),
      ),
    )
    .orderBy('volunteers.user_id')
    .limit(500)
    .execute();
  return rows.map((row) => row.userId);
}

/** For account export: the person's own volunteer record and the decisions on it. */
export async function volunteerDataOf(db: Db, userId: number) {
  const [record, decisions] = await Promise.all([
    db.selectFrom('volunteers').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('volunteer_decisions')
      .select(['decision', 'note', 'organisation_id as organisationId', 'created_at as at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { record: record ?? null, decisions };
}

/** For account deletion: the record goes (its point and area are personal); the decisions stay without a note. */
export async function eraseVolunteer(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('volunteers').where('user_id', '=', userId).execute();
  await db.updateTable('volunteer_decisions').set({ note: '' }).where('user_id', '=', userId).execute();
}
