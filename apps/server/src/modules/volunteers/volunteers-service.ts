import { type MyVolunteer, type VolunteerApplication, VolunteerDecision, type VolunteerDecisionInput, VolunteerStatus } from '@annadaan/contract/runs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { myVolunteer, recordDecision, saveApplication } from './volunteers-repository';

type Db = Kysely<Database>;

export async function applyToVolunteer(db: Db, userId: number, input: VolunteerApplication, now: Date): Promise<MyVolunteer> {
  await saveApplication(db, userId, input, now);
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
