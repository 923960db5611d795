import {
  type AuditEntry,
  type CreateReportInput,
  MODERATION_HISTORY_MAX,
  ModerationAction,
  type ModerationActionInputSchema,
  type ModerationQueueItem,
  REPORTS_PER_HOUR,
  type Report,
  type ReportTargetType,
  SUSPENDED_FOR_GOOD,
} from '@annadaan/contract/moderation';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { DAY, HOUR, toIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { PlainCode } from '@annadaan/contract/message-codes';
import { consumeLimit } from '../../plugins/rate-limit';
import { deleteUserSessions } from '../auth/sessions-repository';
import { hideDonation, openDonationsOf, restoreDonation } from '../donations/donations-service';
import { hideFoodNeed, openFoodNeedsOf, restoreFoodNeed } from '../food-needs/food-needs-service';
import { notices, recordNotifications } from '../notifications/notifications-service';
import {
  auditOfTarget,
  findTargetOwner,
  findTargetSummary,
  insertAuditEntry,
  insertReport,
  liftSuspension,
  listOpenTargets,
  reportsOfTarget,
  resolveOpenReports,
  setSuspendedUntil,
} from './moderation-repository';

type Db = Kysely<Database>;
type ActionInput = z.output<typeof ModerationActionInputSchema>;

const notFoundMessage: Record<ReportTargetType, PlainCode> = {
  DONATION: 'NO_SUCH_DONATION',
  FOOD_NEED: 'NO_SUCH_FOOD_NEED',
  USER: 'NO_SUCH_USER',
};

/**
 * Anyone signed in reports a listing or a person. Counted against the hourly limit first (refused
 * tries count too, so the limit cannot be used to probe which ids exist); one open report per
 * reporter and target is held by the unique index, not by a read before the write.
 */
export async function createReport(db: Db, reporterId: number, input: Required<CreateReportInput>, now: Date): Promise<Report> {
  await consumeLimit(db, now, { key: `report:${reporterId}`, limit: REPORTS_PER_HOUR, windowMs: HOUR });
  const target = await findTargetOwner(db, input.targetType, input.targetId);
  // A hidden listing is gone for everyone but its owner, who cannot report it anyway.
  if (!target || (target.hidden && target.ownerId !== reporterId)) throw notFound(notFoundMessage[input.targetType]);
  if (target.ownerId === reporterId) throw forbidden('REPORT_OWN_TARGET');
  try {
    return await insertReport(db, reporterId, input, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw appError(409, 'DUPLICATE_REPORT', 'REPORT_DUPLICATE');
    throw error;
  }
}

/** One page of the queue: each target with its open reports and its history. */
export async function moderationQueue(db: Db, page: { page: number; pageSize: number }): Promise<{ total: number; items: ModerationQueueItem[] }> {
  const { total, targets } = await listOpenTargets(db, page);
  // A page holds at most MODERATION_QUEUE_PAGE_SIZE targets; each costs four index reads.
  const items = await Promise.all(
    targets.map(async ({ targetType, targetId, latestReportAt }) => {
      const [target, openReports, earlierReports, actions] = await Promise.all([
        findTargetSummary(db, targetType, targetId),
        reportsOfTarget(db, targetType, targetId, true, 50),
        reportsOfTarget(db, targetType, targetId, false, MODERATION_HISTORY_MAX),
        auditOfTarget(db, targetType, targetId),
      ]);
      return { target, openReports, earlierReports, actions, latestReportAt };
    }),
  );
  return { total, items };
}

/** Closes a target's open reports and tells each reporter the outcome, in the action's transaction. */
async function closeReports(trx: Db, type: ReportTargetType, id: number, title: string, actioned: boolean, now: Date): Promise<number> {
  const reporters = await resolveOpenReports(trx, type, id, actioned ? 'ACTIONED' : 'DISMISSED', now);
  await recordNotifications(
    trx,
    reporters.map((reporterId) => notices.reportOutcome(reporterId, { type, title }, actioned)),
    now,
  );
  return reporters.length;
}

/** Hides one listing and closes its open reports as acted on; null when gone or hidden already. */
async function hideListing(trx: Db, type: 'DONATION' | 'FOOD_NEED', id: number, title: string, reason: string, now: Date): Promise<boolean> {
  const hidden = type === 'DONATION' ? await hideDonation(trx, id, reason, now) : await hideFoodNeed(trx, id, reason, now);
  if (!hidden) return false;
  await closeReports(trx, type, id, title, true, now);
  return true;
}

/**
 * Another module's admin action (issue 32: verifying an organisation) goes to the same audit log,
 * inside that action's transaction.
 */
export async function recordAuditEntry(trx: Db, entry: Parameters<typeof insertAuditEntry>[1], now: Date): Promise<AuditEntry> {
  return insertAuditEntry(trx, entry, now);
}

/**
 * One admin action and its audit row, in one transaction: if the audit row cannot be written the
 * action does not happen, and the other way round. The reporters hear the outcome in it too.
 */
export async function moderate(db: Db, adminId: number, input: ActionInput, now: Date): Promise<{ message: string; entry: AuditEntry }> {
  const { action, targetType, targetId, reason } = input;
  const target = await findTargetSummary(db, targetType, targetId);
  if (!target.exists && action !== ModerationAction.DISMISS) throw notFound(notFoundMessage[targetType]);
  if (action === ModerationAction.SUSPEND && targetId === adminId) throw badRequest('SUSPEND_SELF').onField('targetId');
  if (action === ModerationAction.SUSPEND && target.status === 'ADMIN') throw forbidden('SUSPEND_ADMIN');

  return db.transaction().execute(async (trx) => {
    let message: string;
    let suspendedUntil: string | null = null;
    switch (action) {
      case ModerationAction.DISMISS: {
        const closed = await closeReports(trx, targetType, targetId, target.title, false, now);
        if (closed === 0) throw conflict('NO_OPEN_REPORTS');
        message = closed === 1 ? 'The report was dismissed.' : `${closed} reports were dismissed.`;
        break;
      }
      case ModerationAction.HIDE: {
        if (targetType === 'USER') throw badRequest('HIDE_LISTINGS_ONLY');
        if (!(await hideListing(trx, targetType, targetId, target.title, reason, now))) throw conflict('ALREADY_HIDDEN');
        message = 'The listing is hidden.';
        break;
      }
      case ModerationAction.RESTORE: {
        if (targetType === 'USER') {
          if (!(await liftSuspension(trx, targetId, now))) throw conflict('NOT_SUSPENDED');
          message = 'The suspension is lifted; the user can sign in again.';
        } else {
          const restored = targetType === 'DONATION' ? await restoreDonation(trx, targetId, now) : await restoreFoodNeed(trx, targetId, now);
          if (!restored) throw conflict('NOT_HIDDEN');
          message = 'The listing is shown again.';
        }
        break;
      }
      case ModerationAction.SUSPEND: {
        if (targetType !== 'USER') throw badRequest('SUSPEND_USERS_ONLY');
        const days = input.durationDays ?? null;
        suspendedUntil = days === null ? SUSPENDED_FOR_GOOD : toIso(new Date(now.getTime() + days * DAY));
        await setSuspendedUntil(trx, targetId, suspendedUntil, now);
        // Every session ends now, not at its next use; sign-in is refused until the suspension ends.
        await deleteUserSessions(trx, targetId);
        let hiddenCount = 0;
        for (const donationId of await openDonationsOf(trx, targetId, now)) {
          const summary = await findTargetSummary(trx, 'DONATION', donationId);
          if (await hideListing(trx, 'DONATION', donationId, summary.title, reason, now)) hiddenCount += 1;
        }
        for (const needId of await openFoodNeedsOf(trx, targetId, now)) {
          const summary = await findTargetSummary(trx, 'FOOD_NEED', needId);
          if (await hideListing(trx, 'FOOD_NEED', needId, summary.title, reason, now)) hiddenCount += 1;
        }
        await closeReports(trx, 'USER', targetId, target.title, true, now);
        const period = days === null ? 'for good' : `for ${days} day${days === 1 ? '' : 's'}`;
        message = `The user is suspended ${period}; ${hiddenCount} open listing${hiddenCount === 1 ? ' was' : 's were'} hidden.`;
        break;
      }
    }
    const entry = await insertAuditEntry(trx, { adminId, action, targetType, targetId, reason, suspendedUntil }, now);
    return { message, entry };
  });
}
