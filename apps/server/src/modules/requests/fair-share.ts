import type { PortionRules } from '@annadaan/contract/portions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY } from '../../lib/clock';
import { appError, forbidden } from '../../lib/http-errors';
import { isVerifiedOrganisation } from '../organisations/organisations-membership';
import { lockReceiver } from './reliability-repository';
import { portionsUsedSince } from './requests-repository';

/*
 * Fair shares (issue 33; decision 053). The rules are public: the donation's page and Help say
 * them, from GET /api/portions/rules.
 */

type Db = Kysely<Database>;

const indiaTime = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/**
 * At most `dailyCap` portions per receiver account in any 24 hours (`organisationDailyCap` when
 * asked for a verified organisation). Counted with the receiver's row held, in the transaction that
 * then writes the request, so a burst of parallel requests is counted one after the other.
 */
export async function assertWithinDailyCap(
  trx: Db,
  receiverId: number,
  organisationId: number | null,
  asked: number,
  now: Date,
  rules: PortionRules,
): Promise<void> {
  await lockReceiver(trx, receiverId);
  const forOrganisation = organisationId !== null && (await isVerifiedOrganisation(trx, organisationId));
  const cap = forOrganisation ? rules.organisationDailyCap : rules.dailyCap;
  const used = await portionsUsedSince(trx, receiverId, new Date(now.getTime() - DAY));
  if (used + asked > cap) {
    throw appError(429, 'PORTION_DAILY_CAP', 'PORTION_DAILY_CAP', { cap, left: Math.max(0, cap - used) }).onField('portions');
  }
}

/** A donor may hold food for verified organisations for its first minutes: anyone else is told until when. */
export async function assertNotHeld(db: Db, organisationsOnlyUntil: string | null, organisationId: number | null, now: Date): Promise<void> {
  if (organisationsOnlyUntil === null || new Date(organisationsOnlyUntil) <= now) return;
  if (organisationId !== null && (await isVerifiedOrganisation(db, organisationId))) return;
  throw forbidden('DONATION_HELD_FOR_ORGANISATIONS', { until: indiaTime.format(new Date(organisationsOnlyUntil)) }).onField('organisationId');
}
