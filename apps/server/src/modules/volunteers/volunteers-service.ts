import {
  type MyVolunteer,
  type VolunteerApplicant,
  type VolunteerApplication,
  VolunteerDecision,
  type VolunteerDecisionInput,
  VolunteerStatus,
} from '@annadaan/contract/runs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseGeolocation } from '@annadaan/contract/geolocation';
import { extractPinCode } from '@annadaan/contract/pin-code';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { isCoordinatorOfVerifiedOrganisation, isMemberOf, memberIdsOf } from '../organisations/organisations-membership';
import { findPinCode } from '../geo/pin-codes';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { myVolunteer, recordDecision, saveApplication, volunteersAmong } from './volunteers-repository';

type Db = Kysely<Database>;

/** The centre of the area: the point given, else the centre of the area's pin code (which must be one India Post knows). */
function centreOf(input: VolunteerApplication): { latitude: number; longitude: number } {
  const point = typeof input.geolocation === 'string' ? parseGeolocation(input.geolocation) : null;
  if (point) return point;
  const pin = extractPinCode(input.areaLabel);
  const place = pin ? findPinCode(pin) : null;
  if (!place) throw badRequest('VOLUNTEER_POINT_NEEDED').onField('geolocation');
  return { latitude: place.lat, longitude: place.lng };
}

export async function applyToVolunteer(db: Db, userId: number, input: VolunteerApplication, now: Date): Promise<MyVolunteer> {
  await saveApplication(db, userId, input, centreOf(input), now);
  return (await myVolunteer(db, userId)) as MyVolunteer;
}

const STATUS_OF: Record<VolunteerDecision, VolunteerStatus> = {
  APPROVE: VolunteerStatus.APPROVED,
  REJECT: VolunteerStatus.REJECTED,
  SUSPEND: VolunteerStatus.SUSPENDED,
};

/** The decision, its record and the person's notification commit together. */
export async function decideVolunteer(db: Db, adminId: number, userId: number, input: VolunteerDecisionInput, now: Date): Promise<MyVolunteer> {
  const decision = input.decision as VolunteerDecision;
  const note = typeof input.note === 'string' ? input.note.trim() : '';
  await db.transaction().execute(async (trx) => {
    if (!(await recordDecision(trx, { userId, decidedBy: adminId, status: STATUS_OF[decision], decision, note }, now))) throw notFound('VOLUNTEER_NOT_FOUND');
    await recordNotifications(trx, [notices.volunteerDecided(userId, decision === VolunteerDecision.APPROVE ? 'APPROVE' : decision, note)], now);
  });
  return (await myVolunteer(db, userId)) as MyVolunteer;
}

/** An organisation's members who volunteer, for its members; anyone else learns nothing (404). */
export async function volunteersOfOrganisation(db: Db, viewerId: number, organisationId: number): Promise<VolunteerApplicant[]> {
  if (!(await isMemberOf(db, organisationId, viewerId))) throw notFound('ORGANISATION_NOT_FOUND');
  return volunteersAmong(db, await memberIdsOf(db, organisationId));
}

/**
 * A coordinator of a verified organisation approves (or does not approve) a member's application
 * (issue 32), as an admin would; only while it waits, and only for their own organisation's members.
 */
export async function decideAsCoordinator(
  db: Db,
  coordinatorId: number,
  organisationId: number,
  userId: number,
  input: { decision: 'APPROVE' | 'REJECT'; note: string },
  now: Date,
): Promise<MyVolunteer> {
  if (!(await isMemberOf(db, organisationId, coordinatorId))) throw notFound('ORGANISATION_NOT_FOUND');
  if (!(await isCoordinatorOfVerifiedOrganisation(db, coordinatorId, organisationId))) throw forbidden('VOLUNTEER_COORDINATOR_ONLY');
  if (!(await isMemberOf(db, organisationId, userId))) throw notFound('VOLUNTEER_NOT_FOUND');
  const note = input.note.trim();
  await db.transaction().execute(async (trx) => {
    const status = input.decision === 'APPROVE' ? VolunteerStatus.APPROVED : VolunteerStatus.REJECTED;
    const decided = await recordDecision(
      trx,
      { userId, decidedBy: coordinatorId, organisationId, status, decision: input.decision, note, onlyFrom: VolunteerStatus.APPLIED },
      now,
    );
    if (!decided) throw conflict('VOLUNTEER_NOT_WAITING');
    await recordNotifications(trx, [notices.volunteerDecided(userId, input.decision, note)], now);
  });
  return (await myVolunteer(db, userId)) as MyVolunteer;
}

/** What the volunteers module offers other modules (runs, the directory). */
export { findVolunteer, isApprovedVolunteer, volunteersCovering } from './volunteers-repository';
