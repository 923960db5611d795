import {
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
  MODERATION_HISTORY_MAX,
  type ModerationTarget,
  type QueueReport,
  type Report,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@annadaan/contract/moderation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/** Who owns a target and whether it is hidden; null when there is no such target. */
export async function findTargetOwner(db: Db, type: ReportTargetType, id: number): Promise<{ ownerId: number; hidden: boolean } | null> {
  if (type === 'DONATION') {
    const row = await db.selectFrom('donations').select(['donor_id', 'hidden_status']).where('id', '=', id).executeTakeFirst();
    return row ? { ownerId: row.donor_id, hidden: row.hidden_status !== null } : null;
  }
  if (type === 'FOOD_NEED') {
    const row = await db.selectFrom('food_requests').select(['requester_id', 'hidden_status']).where('id', '=', id).executeTakeFirst();
    return row ? { ownerId: row.requester_id, hidden: row.hidden_status !== null } : null;
  }
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row ? { ownerId: row.id, hidden: false } : null;
}

/** Inserts an OPEN report; a second open one by the same reporter on the same target breaks reports_one_open_idx. */
export async function insertReport(
  db: Db,
  reporterId: number,
  input: { targetType: ReportTargetType; targetId: number; reason: ReportReason; details: string },
  now: Date,
): Promise<Report> {
  const row = await db
    .insertInto('reports')
    .values({
      reporter_id: reporterId,
      target_type: input.targetType,
      target_id: input.targetId,
      reason: input.reason,
      details: input.details,
      status: 'OPEN',
      created_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason,
    details: input.details,
    status: 'OPEN',
    createdAt: toIso(now),
  };
}

/**
 * One page of targets with open reports, the most recently reported first, and how many such
 * targets there are. Both group reports_open_target_idx's OPEN entries by target.
 */
export async function listOpenTargets(db: Db, page: { page: number; pageSize: number }) {
  const grouped = db
    .selectFrom('reports')
    .select(['target_type as targetType', 'target_id as targetId'])
    .select((eb) => eb.fn.max('created_at').as('latestReportAt'))
    .where('status', '=', 'OPEN')
    .groupBy(['target_type', 'target_id']);
  const [count, rows] = await Promise.all([
    db
      .selectFrom(grouped.as('targets'))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
    grouped
      .orderBy((eb) => eb.fn.max('created_at'), 'desc')
      .orderBy('target_type')
      .orderBy('target_id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    targets: rows.map((row) => ({ targetType: row.targetType as ReportTargetType, targetId: row.targetId, latestReportAt: String(row.latestReportAt) })),
  };
}

/** A target's reports, newest first: the open ones, or the earlier (resolved) ones, at most `limit`. */
export async function reportsOfTarget(db: Db, type: ReportTargetType, id: number, open: boolean, limit: number): Promise<QueueReport[]> {
  const rows = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id as id',
      'reports.target_type as targetType',
      'reports.target_id as targetId',
      'reports.reason as reason',
      'reports.details as details',
      'reports.status as status',
      'reports.created_at as createdAt',
      'reports.reporter_id as reporterId',
      'users.full_name as reporterName',
    ])
    .where('reports.target_type', '=', type)
    .where('reports.target_id', '=', id)
    .where('reports.status', open ? '=' : '<>', 'OPEN')
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    // Check constraints hold these columns to the enums.
    targetType: row.targetType as ReportTargetType,
    reason: row.reason as ReportReason,
    status: row.status as ReportStatus,
  }));
}

/** Closes a target's open reports as DISMISSED or ACTIONED; returns who filed them. */
export async function resolveOpenReports(db: Db, type: ReportTargetType, id: number, status: 'DISMISSED' | 'ACTIONED', now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('reports')
    .set({ status, resolved_at: toIso(now) })
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .where('status', '=', 'OPEN')
    .returning('reporter_id')
    .execute();
  return [...new Set(rows.map((row) => row.reporter_id))];
}

const AUDIT_COLUMNS = [
  'audit_log.id as id',
  'audit_log.admin_id as adminId',
  'users.full_name as adminName',
  'audit_log.action as action',
  'audit_log.target_type as targetType',
  'audit_log.target_id as targetId',
  'audit_log.reason as reason',
  'audit_log.suspended_until as suspendedUntil',
  'audit_log.created_at as createdAt',
] as const;

interface AuditRow {
  id: number;
  adminId: number;
  adminName: string;
  action: string;
  targetType: string;
  targetId: number;
  reason: string;
  suspendedUntil: string | null;
  createdAt: string;
}

function toAuditEntry(row: AuditRow): AuditEntry {
  // Check constraints hold action and target_type to the enums.
  return { ...row, action: row.action as AuditAction, targetType: row.targetType as AuditTargetType };
}

/**
 * Writes one audit row; callers pass the action's transaction, so the row commits with the action
 * or not at all. Also the organisations' check (issue 32) writes here.
 */
export async function insertAuditEntry(
  db: Db,
  entry: { adminId: number; action: AuditAction; targetType: AuditTargetType; targetId: number; reason: string; suspendedUntil: string | null },
  now: Date,
): Promise<AuditEntry> {
  const row = await db
    .insertInto('audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason,
      suspended_until: entry.suspendedUntil,
      created_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const saved = await db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.admin_id')
    .select(AUDIT_COLUMNS)
    .where('audit_log.id', '=', row.id)
    .executeTakeFirstOrThrow();
  return toAuditEntry(saved);
}

/** One page of the audit log, newest first (the primary key, walked backwards). */
export async function listAuditLog(db: Db, page: { page: number; pageSize: number }): Promise<{ total: number; items: AuditEntry[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.admin_id')
      .select(AUDIT_COLUMNS)
      .orderBy('audit_log.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows.map(toAuditEntry) };
}

/** The last actions on one target, newest first (audit_log_target_idx). */
export async function auditOfTarget(db: Db, type: ReportTargetType, id: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.admin_id')
    .select(AUDIT_COLUMNS)
    .where('audit_log.target_type', '=', type)
    .where('audit_log.target_id', '=', id)
    .orderBy('audit_log.id', 'desc')
    .limit(MODERATION_HISTORY_MAX)
    .execute();
  return rows.map(toAuditEntry);
}

/** What the queue shows of a target, for an admin: its title, status, owner and state. */
export async function findTargetSummary(db: Db, type: ReportTargetType, id: number): Promise<ModerationTarget> {
  const gone: ModerationTarget = { type, id, exists: false, title: `#${id}`, status: '', ownerId: null, ownerName: '', hidden: false, suspendedUntil: null };
  if (type === 'DONATION') {
    const row = await db
      .selectFrom('donations')
      .innerJoin('users', 'users.id', 'donations.donor_id')
      .select([
        'donations.food_name as title',
        'donations.status as status',
        'donations.hidden_status as hiddenStatus',
        'users.id as ownerId',
        'users.full_name as ownerName',
        'users.suspended_until as suspendedUntil',
      ])
      .where('donations.id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          type,
          id,
          exists: true,
          title: row.title,
          status: row.status,
          ownerId: row.ownerId,
          ownerName: row.ownerName,
          hidden: row.hiddenStatus !== null,
          suspendedUntil: row.suspendedUntil,
        }
      : gone;
  }
  if (type === 'FOOD_NEED') {
    const row = await db
      .selectFrom('food_requests')
      .innerJoin('users', 'users.id', 'food_requests.requester_id')
      .select([
        'food_requests.food_description as description',
        'food_requests.food_type as foodType',
        'food_requests.status as status',
        'food_requests.hidden_status as hiddenStatus',
        'users.id as ownerId',
        'users.full_name as ownerName',
        'users.suspended_until as suspendedUntil',
      ])
      .where('food_requests.id', '=', id)
      .executeTakeFirst();
    return row
      ? {
          type,
          id,
          exists: true,
          title: row.description.trim() || row.foodType,
          status: row.status,
          ownerId: row.ownerId,
          ownerName: row.ownerName,
          hidden: row.hiddenStatus !== null,
          suspendedUntil: row.suspendedUntil,
        }
      : gone;
  }
  const row = await db
    .selectFrom('users')
    .select(['full_name as fullName', 'role', 'suspended_until as suspendedUntil'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { type, id, exists: true, title: row.fullName, status: row.role, ownerId: id, ownerName: row.fullName, hidden: false, suspendedUntil: row.suspendedUntil }
    : gone;
}

/** Sets a suspension's end; false when there is no such user. */
export async function setSuspendedUntil(db: Db, userId: number, until: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ suspended_until: until, updated_at: toIso(now) })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lifts a suspension that has not ended; false when the user is not suspended now. */
export async function liftSuspension(db: Db, userId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ suspended_until: null, updated_at: toIso(now) })
    .where('id', '=', userId)
    .where('suspended_until', '>', toIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserRole(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Every report a person filed, newest first (their account export). */
export async function listReportsBy(db: Db, reporterId: number): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'target_type', 'target_id', 'reason', 'details', 'status', 'created_at'])
    .where('reporter_id', '=', reporterId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    targetType: row.target_type as ReportTargetType,
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status as ReportStatus,
    createdAt: row.created_at,
  }));
}

/**
 * A reporter's account is being deleted: their reports stay in the targets' moderation history
 * (the reporter then reads as "Deleted user"), but the words they wrote go, as those can name them.
 */
export async function clearReportDetailsBy(db: Db, reporterId: number): Promise<void> {
  await db.updateTable('reports').set({ details: '' }).where('reporter_id', '=', reporterId).execute();
}
