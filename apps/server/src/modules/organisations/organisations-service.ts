import crypto from 'node:crypto';
import {
  type CreatedInvite,
  INVITE_LINK_DAYS,
  INVITE_PHONE_DAYS,
  MemberRole,
  type Organisation,
  OrganisationStatus,
  type OrganisationValues,
  ReviewDecision,
} from '@annadaan/contract/organisations';
import { paths } from '@annadaan/contract/paths';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { recordAuditEntry } from '../moderation/moderation-service';
import { notices, recordNotifications } from '../notifications/notifications-service';
import { roleIn } from './organisations-membership';
import {
  accountIdsWithPhone,
  coordinatorIds,
  countCoordinators,
  deleteMember,
  findOpenInviteByHash,
  findOpenPhoneInvite,
  findOrganisation,
  findOrganisationForMember,
  insertInvite,
  insertMember,
  insertOrganisation,
  lockOrganisation,
  longestStandingMember,
  markReviewed,
  type OpenInvite,
  phoneOf,
  setRole,
  updateOrganisation,
  useInvite,
} from './organisations-repository';

type Db = Kysely<Database>;

/** Only the hash of an invitation's token is kept: a leaked database lets nobody join. */
export function hashInviteToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Anyone who is not a member learns nothing of an organisation's private side (404, as for a stranger). */
export async function requireMember(db: Db, organisationId: number, userId: number): Promise<MemberRole> {
  const role = await roleIn(db, organisationId, userId);
  if (role === null) throw notFound('ORGANISATION_NOT_FOUND');
  return role;
}

/** A member who is not a coordinator is told so (403); anyone else gets the stranger's 404. */
export async function requireCoordinator(db: Db, organisationId: number, userId: number): Promise<void> {
  if ((await requireMember(db, organisationId, userId)) !== MemberRole.COORDINATOR) throw forbidden('ORGANISATION_COORDINATORS_ONLY');
}

export async function memberView(db: Db, organisationId: number, userId: number): Promise<Organisation> {
  const organisation = await findOrganisationForMember(db, organisationId, userId);
  if (!organisation) throw notFound('ORGANISATION_NOT_FOUND');
  return organisation;
}

/** The creator is its first coordinator, in the same transaction as the record. */
export async function createOrganisation(db: Db, userId: number, values: OrganisationValues, now: Date): Promise<Organisation> {
  const id = await db.transaction().execute(async (trx) => {
    const organisationId = await insertOrganisation(trx, userId, values, now);
    await insertMember(trx, organisationId, userId, MemberRole.COORDINATOR, now);
    return organisationId;
  });
  return memberView(db, id, userId);
}

/**
 * A coordinator edits the record. Asked for more, the edit is the resubmission (back to PENDING);
 * a verified organisation that changes its name or an identifier is checked again, since the badge
 * vouched for those.
 */
export async function editOrganisation(db: Db, organisationId: number, userId: number, values: OrganisationValues, now: Date): Promise<Organisation> {
  await requireCoordinator(db, organisationId, userId);
  const current = await findOrganisation(db, organisationId);
  if (!current) throw notFound('ORGANISATION_NOT_FOUND');
  const vouchedChanged = current.name !== values.name || current.fssaiNumber !== values.fssaiNumber || current.darpanId !== values.darpanId;
  const status = current.status === OrganisationStatus.VERIFIED && !vouchedChanged ? OrganisationStatus.VERIFIED : OrganisationStatus.PENDING;
  await updateOrganisation(db, organisationId, values, status, now);
  return memberView(db, organisationId, userId);
}

/**
 * A coordinator invites. Without a phone: a link with a fresh token, shown once, single-use, for
 * INVITE_LINK_DAYS. With a phone: the accounts that have the number are told now (in the same
 * transaction); anyone who signs up or in with it later finds it under My organisations.
 */
export async function createInvite(
  db: Db,
  organisationId: number,
  userId: number,
  input: { role: MemberRole; phone: string | null },
  now: Date,
): Promise<CreatedInvite> {
  await requireCoordinator(db, organisationId, userId);
  if (input.phone === null) {
    const token = crypto.randomBytes(24).toString('base64url');
    const invite = await insertInvite(
      db,
      {
        organisationId,
        role: input.role,
        tokenHash: hashInviteToken(token),
        phone: null,
        createdBy: userId,
        expiresAt: new Date(now.getTime() + INVITE_LINK_DAYS * DAY),
      },
      now,
    );
    return { ...invite, token, link: paths.joinOrganisation(token) };
  }
  const phone = input.phone;
  return db.transaction().execute(async (trx) => {
    const organisation = await findOrganisation(trx, organisationId);
    if (!organisation) throw notFound('ORGANISATION_NOT_FOUND');
    const invite = await insertInvite(
      trx,
      { organisationId, role: input.role, tokenHash: null, phone, createdBy: userId, expiresAt: new Date(now.getTime() + INVITE_PHONE_DAYS * DAY) },
      now,
    );
    const invitees = [];
    for (const accountId of await accountIdsWithPhone(trx, phone)) {
      if ((await roleIn(trx, organisationId, accountId)) === null) invitees.push(accountId);
    }
    await recordNotifications(
      trx,
      invitees.map((accountId) => notices.organisationInvite(accountId, organisation.name)),
      now,
    );
    return { ...invite, token: null, link: null };
  });
}

/** Uses the invitation and adds the member in one transaction; a member already is told so and the invitation stays. */
async function join(db: Db, find: (trx: Db) => Promise<OpenInvite | null>, userId: number, now: Date): Promise<Organisation> {
  let organisationId: number;
  try {
    organisationId = await db.transaction().execute(async (trx) => {
      const invite = await find(trx);
      if (!invite) throw notFound('INVITE_INVALID');
      if ((await roleIn(trx, invite.organisationId, userId)) !== null) throw conflict('ALREADY_MEMBER');
      if (!(await useInvite(trx, invite.id, userId, now))) throw notFound('INVITE_INVALID');
      await insertMember(trx, invite.organisationId, userId, invite.role, now);
      return invite.organisationId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('ALREADY_MEMBER');
    throw error;
  }
  return memberView(db, organisationId, userId);
}

export async function joinByLink(db: Db, userId: number, token: string, now: Date): Promise<Organisation> {
  const tokenHash = hashInviteToken(token);
  return join(db, (trx) => findOpenInviteByHash(trx, tokenHash, now), userId, now);
}

/** A phone invitation is claimed by an account whose number is the invited one. */
export async function acceptPhoneInvite(db: Db, userId: number, inviteId: number, now: Date): Promise<Organisation> {
  const phone = await phoneOf(db, userId);
  if (phone === null) throw notFound('INVITE_INVALID');
  return join(db, (trx) => findOpenPhoneInvite(trx, inviteId, phone, now), userId, now);
}

/**
 * Role changes and removals count coordinators with the organisation's row locked, so two
 * coordinators stepping down or leaving at once are counted one after the other and the second
 * is refused: an organisation is never left without a coordinator by its members.
 */
async function changeMembership(db: Db, organisationId: number, actorId: number, targetId: number, change: MemberRole | 'REMOVE'): Promise<void> {
  await requireMember(db, organisationId, actorId);
  await db.transaction().execute(async (trx) => {
    if (!(await lockOrganisation(trx, organisationId))) throw notFound('ORGANISATION_NOT_FOUND');
    const actorRole = await roleIn(trx, organisationId, actorId);
    if (actorRole === null) throw notFound('ORGANISATION_NOT_FOUND');
    const leaving = change === 'REMOVE' && actorId === targetId;
    if (!leaving && actorRole !== MemberRole.COORDINATOR) throw forbidden('ORGANISATION_COORDINATORS_ONLY');
    const targetRole = await roleIn(trx, organisationId, targetId);
    if (targetRole === null) throw notFound('MEMBER_NOT_FOUND');
    const losesCoordinator = targetRole === MemberRole.COORDINATOR && change !== MemberRole.COORDINATOR;
    if (losesCoordinator && (await countCoordinators(trx, organisationId)) <= 1) throw conflict('LAST_COORDINATOR');
    if (change === 'REMOVE') await deleteMember(trx, organisationId, targetId);
    else await setRole(trx, organisationId, targetId, change);
  });
}

export async function changeRole(db: Db, organisationId: number, actorId: number, targetId: number, role: MemberRole): Promise<void> {
  await changeMembership(db, organisationId, actorId, targetId, role);
}

/** A coordinator removes a member, or anyone leaves (the target is themselves). */
export async function removeMember(db: Db, organisationId: number, actorId: number, targetId: number): Promise<void> {
  await changeMembership(db, organisationId, actorId, targetId, 'REMOVE');
}

/**
 * An admin's decision on an organisation waiting for one, its audit row and the coordinators'
 * notices, in one transaction. VERIFIED shows the badge; MORE_INFO_REQUESTED shows the note to the
 * coordinators, whose next edit resubmits.
 */
export async function reviewOrganisation(
  db: Db,
  adminId: number,
  organisationId: number,
  input: { decision: ReviewDecision; note: string },
  now: Date,
): Promise<Organisation['status']> {
  const status = input.decision === ReviewDecision.VERIFIED ? OrganisationStatus.VERIFIED : OrganisationStatus.MORE_INFO_REQUESTED;
  await db.transaction().execute(async (trx) => {
    const organisation = await findOrganisation(trx, organisationId);
    if (!organisation) throw notFound('ORGANISATION_NOT_FOUND');
    if (!(await markReviewed(trx, organisationId, status, input.note, now))) throw conflict('ORGANISATION_NOT_AWAITING_REVIEW');
    await recordAuditEntry(
      trx,
      {
        adminId,
        action: status === OrganisationStatus.VERIFIED ? 'VERIFY_ORGANISATION' : 'REQUEST_ORGANISATION_INFO',
        targetType: 'ORGANISATION',
        targetId: organisationId,
        reason: input.note,
        suspendedUntil: null,
      },
      now,
    );
    const coordinators = await coordinatorIds(trx, organisationId);
    await recordNotifications(
      trx,
      coordinators.map((coordinatorId) =>
        status === OrganisationStatus.VERIFIED
          ? notices.organisationVerified(coordinatorId, organisationId, organisation.name)
          : notices.organisationMoreInfo(coordinatorId, organisationId, organisation.name, input.note),
      ),
      now,
    );
  });
  return status;
}

/**
 * A member's account is erased: the membership goes. An organisation left without a coordinator
 * hands the role to its longest-standing member; with no member left it keeps its record (its
 * donations and requests still name it) until someone is invited by an admin's hand.
 */
export async function leaveAllOrganisations(trx: Db, userId: number, organisationIds: number[]): Promise<void> {
  for (const organisationId of organisationIds) {
    await lockOrganisation(trx, organisationId);
    await deleteMember(trx, organisationId, userId);
    if ((await countCoordinators(trx, organisationId)) > 0) continue;
    const heir = await longestStandingMember(trx, organisationId);
    if (heir !== null) await setRole(trx, organisationId, heir, MemberRole.COORDINATOR);
  }
}
