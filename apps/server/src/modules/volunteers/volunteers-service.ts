import { type MyVolunteer, type VolunteerApplication, VolunteerDecision, type VolunteerDecisionInput, VolunteerStatus } from '@annadaan/contract/runs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseGeolocation } from '@annadaan/contract/geolocation';
import { extractPinCode } from '@annadaan/contract/pin-code';
import { badRequest, notFound } from '../../lib/http-errors';
import { findPinCode } from '../geo/pin-codes';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { myVolunteer, recordDecision, saveApplication } from './volunteers-repository';

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
    if (!(await recordDecision(trx, { userId, adminId, status: STATUS_OF[decision], decision, note }, now))) throw notFound('VOLUNTEER_NOT_FOUND');
    await recordNotifications(trx, [notices.volunteerDecided(userId, decision === VolunteerDecision.APPROVE ? 'APPROVE' : decision, note)], now);
  });
  return (await myVolunteer(db, userId)) as MyVolunteer;
}

/** What the volunteers module offers other modules (runs, the directory). */
export { findVolunteer, isApprovedVolunteer, volunteersCovering } from './volunteers-repository';
