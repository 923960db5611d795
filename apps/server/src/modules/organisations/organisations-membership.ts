import { type MemberRole, OrganisationStatus } from '@annadaan/contract/organisations';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/*
 * What the organisations module publishes to other modules (issue 32): who belongs to which
 * organisation. Requests and donations check a member acting for an organisation here; the
 * volunteers and delivery runs call organisationIdsOf and isCoordinatorOfVerifiedOrganisation.
 * Reads only, on the db handle or a transaction.
 */

/** The ids of every organisation the person belongs to, oldest membership first (organisation_members_user_idx). */
export async function organisationIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organisation_members')
    .select('organisation_id')
    .where('user_id', '=', userId)
    .orderBy('organisation_id')
    .limit(1000)
    .execute();
  return rows.map((row) => row.organisation_id);
}

/** Whether the person coordinates this organisation and the admins verified it. */
export async function isCoordinatorOfVerifiedOrganisation(db: Db, userId: number, organisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organisation_members')
    .innerJoin('organisations', 'organisations.id', 'organisation_members.organisation_id')
    .select('organisation_members.user_id')
    .where('organisation_members.organisation_id', '=', organisationId)
    .where('organisation_members.user_id', '=', userId)
    .where('organisation_members.role', '=', 'COORDINATOR')
    .where('organisations.status', '=', OrganisationStatus.VERIFIED)
    .executeTakeFirst();
  return row !== undefined;
}

/** The person's role in the organisation, or null when they are not a member (or it does not exist). */
export async function roleIn(db: Db, organisationId: number, userId: number): Promise<MemberRole | null> {
  const row = await db
    .selectFrom('organisation_members')
    .select('role')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (row.role as MemberRole) : null;
}

export async function isMemberOf(db: Db, organisationId: number, userId: number): Promise<boolean> {
  return (await roleIn(db, organisationId, userId)) !== null;
}

/** The user ids of an organisation's members, oldest first (at most 1,000: an organisation's dashboard, not a directory). */
export async function memberIdsOf(db: Db, organisationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', organisationId)
    .orderBy('user_id')
    .limit(1000)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Whether the admins verified this organisation (issue 33: fair shares and food held for verified organisations). */
export async function isVerifiedOrganisation(db: Db, organisationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', organisationId)
    .where('status', '=', OrganisationStatus.VERIFIED)
    .executeTakeFirst();
  return row !== undefined;
}
