import {
  type Invite,
  type Member,
  type MemberRole,
  type MyOrganisation,
  type Organisation,
  type OrganisationBadge,
  type OrganisationKind,
  type OrganisationRequest,
  OrganisationStatus,
  type OrganisationValues,
  type PendingInvite,
  type PublicOrganisation,
  type ReviewItem,
} from '@annadaan/contract/organisations';
import type { PageQuery } from '@annadaan/contract/paging';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/* Organisations (issue 32). Plain functions on the db handle or a transaction; the service holds the rules. */

export async function insertOrganisation(db: Db, creatorId: number, values: OrganisationValues, now: Date): Promise<number> {
  const row = await db
    .insertInto('organisations')
    .values({
      name: values.name,
      kind: values.kind,
      city: values.city,
      pin_code: values.pinCode,
      fssai_number: values.fssaiNumber,
      darpan_id: values.darpanId,
      status: OrganisationStatus.PENDING,
      review_note: null,
      verified_at: null,
      created_by: creatorId,
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a member; a second row for the same person breaks the primary key (the caller maps it to ALREADY_MEMBER). */
export async function insertMember(db: Db, organisationId: number, userId: number, role: MemberRole, now: Date): Promise<void> {
  await db
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, user_id: userId, role, joined_at: toIso(now) })
    .execute();
}

interface OrganisationRow {
  id: number;
  name: string;
  kind: string;
  city: string;
  pinCode: string;
  fssaiNumber: string | null;
  darpanId: string | null;
  status: string;
  reviewNote: string | null;
  verifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ORGANISATION_COLUMNS = [
  'organisations.id as id',
  'organisations.name as name',
  'organisations.kind as kind',
  'organisations.city as city',
  'organisations.pin_code as pinCode',
  'organisations.fssai_number as fssaiNumber',
  'organisations.darpan_id as darpanId',
  'organisations.status as status',
  'organisations.review_note as reviewNote',
  'organisations.verified_at as verifiedAt',
  'organisations.created_at as createdAt',
  'organisations.updated_at as updatedAt',
] as const;

function typed(row: OrganisationRow) {
  // Check constraints hold kind and status to the enums.
  return { ...row, kind: row.kind as OrganisationKind, status: row.status as OrganisationStatus };
}

/** The record as its members see it, or null when the reader is not a member. */
export async function findOrganisationForMember(db: Db, organisationId: number, userId: number): Promise<Organisation | null> {
  const row = await db
    .selectFrom('organisations')
    .innerJoin('organisation_members', 'organisation_members.organisation_id', 'organisations.id')
    .select([...ORGANISATION_COLUMNS, 'organisation_members.role as myRole'])
    .where('organisations.id', '=', organisationId)
    .where('organisation_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { ...typed(row), myRole: row.myRole as MemberRole } : null;
}

/** The record as the admins see it; null when there is none. */
export async function findOrganisation(
  db: Db,
  organisationId: number,
): Promise<(OrganisationRow & { kind: OrganisationKind; status: OrganisationStatus }) | null> {
  const row = await db.selectFrom('organisations').select(ORGANISATION_COLUMNS).where('organisations.id', '=', organisationId).executeTakeFirst();
  return row ? typed(row) : null;
}

/**
 * What anyone may read, with three counts: members (the primary key's prefix), donations given as
 * the organisation that were not withdrawn or hidden (donations_organisation_idx) and handovers
 * completed on either side (donation_requests_organisation_idx and the same donations).
 */
export async function findPublicOrganisation(db: Db, organisationId: number): Promise<PublicOrganisation | null> {
  const row = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'kind', 'city', 'status', 'created_at as createdAt'])
    .select((eb) => [
      eb
        .selectFrom('organisation_members')
        .select(eb.fn.countAll().as('n'))
        .whereRef('organisation_members.organisation_id', '=', 'organisations.id')
        .as('memberCount'),
      eb
        .selectFrom('donations')
        .select(eb.fn.countAll().as('n'))
        .whereRef('donations.organisation_id', '=', 'organisations.id')
        .where('donations.status', '<>', 'CANCELLED')
        .where('donations.hidden_status', 'is', null)
        .as('donationsGiven'),
      eb
        .selectFrom('donations')
        .select(eb.fn.countAll().as('n'))
        .whereRef('donations.organisation_id', '=', 'organisations.id')
        .where('donations.status', '=', 'COMPLETED')
        .as('handedOver'),
      eb
        .selectFrom('donation_requests')
        .select(eb.fn.countAll().as('n'))
        .whereRef('donation_requests.organisation_id', '=', 'organisations.id')
        .where('donation_requests.status', '=', 'COMPLETED')
        .as('collected'),
    ])
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as OrganisationKind,
    city: row.city,
    verified: row.status === OrganisationStatus.VERIFIED,
    memberCount: Number(row.memberCount ?? 0),
    donationsGiven: Number(row.donationsGiven ?? 0),
    handoversCompleted: Number(row.handedOver ?? 0) + Number(row.collected ?? 0),
    createdAt: row.createdAt,
  };
}

export async function findOrganisationBadge(db: Db, organisationId: number): Promise<OrganisationBadge | null> {
  const row = await db.selectFrom('organisations').select(['id', 'name', 'status']).where('id', '=', organisationId).executeTakeFirst();
  return row ? { id: row.id, name: row.name, verified: row.status === OrganisationStatus.VERIFIED } : null;
}

/** One page of the person's organisations, newest membership first (organisation_members_user_idx). */
export async function listMyOrganisations(db: Db, userId: number, page: PageQuery): Promise<{ total: number; items: MyOrganisation[] }> {
  const base = db.selectFrom('organisation_members').where('organisation_members.user_id', '=', userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('organisations', 'organisations.id', 'organisation_members.organisation_id')
      .select([
        'organisations.id as id',
        'organisations.name as name',
        'organisations.kind as kind',
        'organisations.city as city',
        'organisations.status as status',
        'organisation_members.role as myRole',
        'organisation_members.joined_at as joinedAt',
      ])
      .orderBy('organisation_members.joined_at', 'desc')
      .orderBy('organisations.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    items: rows.map((row) => ({ ...row, kind: row.kind as OrganisationKind, status: row.status as OrganisationStatus, myRole: row.myRole as MemberRole })),
  };
}

export async function updateOrganisation(db: Db, organisationId: number, values: OrganisationValues, status: OrganisationStatus, now: Date): Promise<void> {
  await db
    .updateTable('organisations')
    .set({
      name: values.name,
      kind: values.kind,
      city: values.city,
      pin_code: values.pinCode,
      fssai_number: values.fssaiNumber,
      darpan_id: values.darpanId,
      status,
      ...(status === OrganisationStatus.VERIFIED ? {} : { verified_at: null }),
      updated_at: toIso(now),
    })
    .where('id', '=', organisationId)
    .execute();
}

/**
 * Takes the organisation's row lock for the rest of the transaction (a no-op write does it on
 * PostgreSQL; SQLite has one writer at a time), so membership changes that count coordinators run
 * one after the other. False when there is no such organisation.
 */
export async function lockOrganisation(db: Db, organisationId: number): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many coordinators the organisation has, read after lockOrganisation (organisation_members_role_idx). */
export async function countCoordinators(db: Db, organisationId: number): Promise<number> {
  const row = await db
    .selectFrom('organisation_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'COORDINATOR')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setRole(db: Db, organisationId: number, userId: number, role: MemberRole): Promise<void> {
  await db.updateTable('organisation_members').set({ role }).where('organisation_id', '=', organisationId).where('user_id', '=', userId).execute();
}

export async function deleteMember(db: Db, organisationId: number, userId: number): Promise<void> {
  await db.deleteFrom('organisation_members').where('organisation_id', '=', organisationId).where('user_id', '=', userId).execute();
}

export async function coordinatorIds(db: Db, organisationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'COORDINATOR')
    .orderBy('joined_at')
    .limit(100)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The member who joined first (then the lowest id), for handing on the coordinator's role; null when none is left. */
export async function longestStandingMember(db: Db, organisationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('organisation_members')
    .select('user_id')
    .where('organisation_id', '=', organisationId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** One page of members: coordinators first, then by who joined first (names only, never contacts). */
export async function listMembers(db: Db, organisationId: number, page: PageQuery): Promise<{ total: number; items: Member[] }> {
  const base = db.selectFrom('organisation_members').where('organisation_members.organisation_id', '=', organisationId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users', 'users.id', 'organisation_members.user_id')
      .select([
        'organisation_members.user_id as userId',
        'users.full_name as fullName',
        'organisation_members.role as role',
        'organisation_members.joined_at as joinedAt',
      ])
      .orderBy('organisation_members.role')
      .orderBy('organisation_members.joined_at')
      .orderBy('organisation_members.user_id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows.map((row) => ({ ...row, role: row.role as MemberRole })) };
}

export async function insertInvite(
  db: Db,
  invite: { organisationId: number; role: MemberRole; tokenHash: string | null; phone: string | null; createdBy: number; expiresAt: Date },
  now: Date,
): Promise<Invite> {
  const row = await db
    .insertInto('organisation_invites')
    .values({
      organisation_id: invite.organisationId,
      role: invite.role,
      token_hash: invite.tokenHash,
      phone: invite.phone,
      created_by: invite.createdBy,
      created_at: toIso(now),
      expires_at: toIso(invite.expiresAt),
      used_at: null,
      used_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    organisationId: invite.organisationId,
    role: invite.role,
    phone: invite.phone,
    createdAt: toIso(now),
    expiresAt: toIso(invite.expiresAt),
  };
}

/** One page of the invitations still open (unused, unexpired), newest first (organisation_invites_org_idx). */
export async function listOpenInvites(db: Db, organisationId: number, page: PageQuery, now: Date): Promise<{ total: number; items: Invite[] }> {
  const base = db
    .selectFrom('organisation_invites')
    .where('organisation_id', '=', organisationId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'organisation_id as organisationId', 'role', 'phone', 'created_at as createdAt', 'expires_at as expiresAt'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows.map((row) => ({ ...row, role: row.role as MemberRole })) };
}

export interface OpenInvite {
  id: number;
  organisationId: number;
  role: MemberRole;
  phone: string | null;
}

/** An unused, unexpired link invitation by its token's hash (the unique index). */
export async function findOpenInviteByHash(db: Db, tokenHash: string, now: Date): Promise<OpenInvite | null> {
  const row = await db
    .selectFrom('organisation_invites')
    .select(['id', 'organisation_id as organisationId', 'role', 'phone'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  return row ? { ...row, role: row.role as MemberRole } : null;
}

/** An unused, unexpired phone invitation to this number. */
export async function findOpenPhoneInvite(db: Db, inviteId: number, phone: string, now: Date): Promise<OpenInvite | null> {
  const row = await db
    .selectFrom('organisation_invites')
    .select(['id', 'organisation_id as organisationId', 'role', 'phone'])
    .where('id', '=', inviteId)
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  return row ? { ...row, role: row.role as MemberRole } : null;
}

/** Marks an invitation used, only while it is still open: of two people racing for one link, one wins. */
export async function useInvite(db: Db, inviteId: number, userId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('organisation_invites')
    .set({ used_at: toIso(now), used_by: userId })
    .where('id', '=', inviteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteInvite(db: Db, organisationId: number, inviteId: number): Promise<boolean> {
  const result = await db.deleteFrom('organisation_invites').where('id', '=', inviteId).where('organisation_id', '=', organisationId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The open phone invitations to a number, newest first, at most 50 (organisation_invites_phone_idx). */
export async function listPhoneInvites(db: Db, phone: string, now: Date): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom('organisation_invites')
    .innerJoin('organisations', 'organisations.id', 'organisation_invites.organisation_id')
    .select([
      'organisation_invites.id as id',
      'organisation_invites.role as role',
      'organisation_invites.expires_at as expiresAt',
      'organisations.id as organisationId',
      'organisations.name as name',
      'organisations.status as status',
    ])
    .where('organisation_invites.phone', '=', phone)
    .where('organisation_invites.used_at', 'is', null)
    .where('organisation_invites.expires_at', '>', toIso(now))
    .orderBy('organisation_invites.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    role: row.role as MemberRole,
    expiresAt: row.expiresAt,
    organisation: { id: row.organisationId, name: row.name, verified: row.status === OrganisationStatus.VERIFIED },
  }));
}

/** Accounts (not erased) that have this number (users_contact_number_idx). */
export async function accountIdsWithPhone(db: Db, phone: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('contact_number', '=', phone).where('deleted_at', 'is', null).limit(10).execute();
  return rows.map((row) => row.id);
}

export async function phoneOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('contact_number').where('id', '=', userId).executeTakeFirst();
  return row?.contact_number ?? null;
}

/**
 * One page of the requests asked for as the organisation, newest first
 * (donation_requests_organisation_idx), with who asked; the pickup code is read apart.
 */
export async function listOrganisationRequests(db: Db, organisationId: number, page: PageQuery): Promise<{ total: number; items: OrganisationRequest[] }> {
  const base = db.selectFrom('donation_requests').where('donation_requests.organisation_id', '=', organisationId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
      .innerJoin('users as requester', 'requester.id', 'donation_requests.receiver_id')
      .innerJoin('users as donor', 'donor.id', 'donations.donor_id')
      .select([
        'donation_requests.id as id',
        'donation_requests.donation_id as donationId',
        'donations.food_name as foodName',
        'donation_requests.status as status',
        'requester.full_name as requesterName',
        'donor.full_name as donorName',
        'donation_requests.created_at as createdAt',
        'donations.expires_at as expiresAt',
      ])
      .orderBy('donation_requests.created_at', 'desc')
      .orderBy('donation_requests.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows };
}

/** One page of the admins' queue for one status, the longest-waiting first (organisations_status_idx). */
export async function listReviewQueue(db: Db, status: OrganisationStatus, page: PageQuery): Promise<{ total: number; items: ReviewItem[] }> {
  const base = db.selectFrom('organisations').where('organisations.status', '=', status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .select(ORGANISATION_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('organisation_members')
          .select(eb.fn.countAll().as('n'))
          .whereRef('organisation_members.organisation_id', '=', 'organisations.id')
          .as('memberCount'),
      )
      .orderBy('organisations.updated_at')
      .orderBy('organisations.id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    items: rows.map((row) => ({ ...typed(row), memberCount: Number(row.memberCount ?? 0) })),
  };
}

/** The admins' decision, only while the organisation waits for one (PENDING): of two admins deciding at once, one wins. */
export async function markReviewed(db: Db, organisationId: number, status: OrganisationStatus, note: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set({
      status,
      review_note: status === OrganisationStatus.VERIFIED ? null : note,
      verified_at: status === OrganisationStatus.VERIFIED ? toIso(now) : null,
      updated_at: toIso(now),
    })
    .where('id', '=', organisationId)
    .where('status', '=', OrganisationStatus.PENDING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** For the account export: the person's memberships with each organisation's public facts. */
export async function listAllMembershipsOf(db: Db, userId: number) {
  return db
    .selectFrom('organisation_members')
    .innerJoin('organisations', 'organisations.id', 'organisation_members.organisation_id')
    .select([
      'organisations.id as organisationId',
      'organisations.name as name',
      'organisations.kind as kind',
      'organisations.city as city',
      'organisation_members.role as role',
      'organisation_members.joined_at as joinedAt',
      'organisations.created_by as createdBy',
    ])
    .where('organisation_members.user_id', '=', userId)
    .orderBy('organisation_members.joined_at')
    .execute();
}

/** Phone invitations to a number are that person's data; on erasure they go. */
export async function deletePhoneInvitesTo(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('organisation_invites').where('phone', '=', phone).execute();
}
