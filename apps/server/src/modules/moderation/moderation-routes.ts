import {
  AuditEntryListSchema,
  CreateReportInputSchema,
  MODERATION_QUEUE_PAGE_SIZE,
  ModerationActionInputSchema,
  ModerationQueueQuerySchema,
  ModerationQueueSchema,
  ModerationResultSchema,
  ReportSchema,
} from '@annadaan/contract/moderation';
import { PageQuerySchema } from '@annadaan/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { listAuditLog } from './moderation-repository';
import { createReport, moderate, moderationQueue } from './moderation-service';

/**
 * Reports and moderation (issue 16; docs/decisions/028). Anyone signed in reports; only admins
 * see the queue, act and read the audit log. No route changes or deletes an audit row.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    '/api/reports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        summary: 'Report a donation, a food need or a user (one open report per target; 10 an hour)',
        security,
        body: CreateReportInputSchema,
        response: { 201: ReportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const report = await createReport(app.db, currentUser(request).userId, request.body, app.clock.now());
      return reply.status(201).send(report);
    },
  );

  app.get(
    '/api/admin/reports',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['moderation'],
        summary: `The moderation queue (admins): targets with open reports, most recently reported first, ${MODERATION_QUEUE_PAGE_SIZE} a page, each with its history; the number of targets is in X-Total-Count`,
        security,
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationQueueSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await moderationQueue(app.db, { page: request.query.page, pageSize: MODERATION_QUEUE_PAGE_SIZE });
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/admin/moderation/actions',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['moderation'],
        summary: 'Act on a target (admins): dismiss its reports, hide a listing, suspend a user, or restore; writes the audit log',
        security,
        body: ModerationActionInputSchema,
        response: { 200: ModerationResultSchema, ...errorResponses },
      },
    },
    async (request) => moderate(app.db, currentUser(request).userId, request.body, app.clock.now()),
  );

  app.get(
    '/api/admin/audit-log',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['moderation'],
        summary: 'The audit log (admins): every admin action, newest first, 20 a page by default; the total is in X-Total-Count',
        security,
        querystring: PageQuerySchema,
        response: { 200: AuditEntryListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listAuditLog(app.db, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );
};
