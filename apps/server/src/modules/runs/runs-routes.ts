import { IdParamSchema } from '@annadaan/contract/common';
import {
  MyRunsQuerySchema,
  RunDeliverInputSchema,
  RunDisposeInputSchema,
  RunListSchema,
  RunPickupInputSchema,
  RunRatingInputSchema,
  RunSchema,
  RunsNearQuerySchema,
  VolunteerStatus,
} from '@annadaan/contract/runs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR, MINUTE } from '../../lib/clock';
import { forbidden } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { finishJobWith } from '../jobs/job-queue';
import { completeWithCode, endRequestForDisposal } from '../requests/requests-service';
import { findVolunteer } from '../volunteers/volunteers-service';
import { listMyRuns, listRunsNear, markFallbackTold } from './runs-repository';
import {
  RUN_DUE_JOB,
  RUN_FALLBACK_JOB,
  claimRun,
  collectMyself,
  deliverRun,
  disposeRun,
  handleRunDue,
  handleRunFallback,
  pickUpRun,
  rateRun,
  releaseRun,
  runFor,
  runsOfOrganisation,
} from './runs-service';

/** Claims per volunteer per hour: enough for a busy evening, too few to sweep a city's runs. */
const CLAIMS_PER_HOUR = 20;
/** Code entries per person per 10 minutes, on top of each run's own 5 tries. */
const CODE_ENTRIES_PER_10_MINUTES = 20;

const DuePayload = z.object({ runId: z.number().int().positive(), volunteerId: z.number().int().positive() });
const FallbackPayload = z.object({ runId: z.number().int().positive() });

/**
 * Delivery runs (issue 32): the runs near an approved volunteer, their own runs, one run for its
 * people, and each step: claim, release, pickup (the donor enters the volunteer's code), delivery
 * (the volunteer enters the receiver's code), disposal, a receiver collecting after all, ratings.
 */
export const runsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['runs'];

  app.jobs.handle(RUN_DUE_JOB, async (payload, { jobId, now }) => {
    const { runId, volunteerId } = DuePayload.parse(payload);
    await handleRunDue(app.db, runId, volunteerId, now, (trx) => finishJobWith(trx, jobId));
  });
  app.jobs.handle(RUN_FALLBACK_JOB, async (payload, { jobId, now }) => {
    const { runId } = FallbackPayload.parse(payload);
    await handleRunFallback(
      app.db,
      runId,
      now,
      (trx) => finishJobWith(trx, jobId),
      (trx) => markFallbackTold(trx, runId, now),
    );
  });

  app.get(
    '/api/runs/near',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Open runs whose pickup is within the approved volunteer's radius, nearest first; only areas and distances. Total in X-Total-Count",
        querystring: RunsNearQuerySchema,
        response: { 200: RunListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      const volunteer = await findVolunteer(app.db, userId);
      if (volunteer?.status !== VolunteerStatus.APPROVED)
        throw forbidden(volunteer?.status === VolunteerStatus.SUSPENDED ? 'VOLUNTEER_SUSPENDED' : 'VOLUNTEER_NOT_APPROVED');
      const { total, items } = await listRunsNear(
        app.db,
        userId,
        { lat: volunteer.latitude, lng: volunteer.longitude },
        volunteer.radiusKm,
        request.query,
        app.clock.now(),
      );
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/runs/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The runs I carry now (view=active) or carried (view=history), newest first. Total in X-Total-Count',
        querystring: MyRunsQuerySchema,
        response: { 200: RunListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listMyRuns(app.db, currentUser(request).userId, request.query.view, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/organisations/:id/runs',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The delivery runs of an organisation's requests, newest first, for its members. Total in X-Total-Count",
        params: IdParamSchema,
        querystring: RunsNearQuerySchema,
        response: { 200: RunListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await runsOfOrganisation(app.db, currentUser(request).userId, request.params.id, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/runs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One run: its donor, receiver and volunteer see it with its steps; an approved volunteer sees an open one without addresses',
        params: IdParamSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => runFor(app.db, request.params.id, currentUser(request).userId, app.clock.now()),
  );

  app.post(
    '/api/runs/:id/claim',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'An approved volunteer takes an open run', params: IdParamSchema, response: { 200: RunSchema, ...errorResponses } },
    },
    async (request) => {
      const userId = currentUser(request).userId;
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `run-claim:${userId}`, limit: CLAIMS_PER_HOUR, windowMs: HOUR });
      return claimRun(app.db, userId, request.params.id, now);
    },
  );

  app.post(
    '/api/runs/:id/release',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The volunteer gives a claimed run back before pickup',
        params: IdParamSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => releaseRun(app.db, currentUser(request).userId, request.params.id, app.clock.now()),
  );

  app.post(
    '/api/runs/:id/pickup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The donor enters the volunteer's handover code: the food is picked up (optionally how it was kept and its temperature)",
        params: IdParamSchema,
        body: RunPickupInputSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).userId;
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `run-code:${userId}`, limit: CODE_ENTRIES_PER_10_MINUTES, windowMs: 10 * MINUTE });
      return pickUpRun(app.db, userId, request.params.id, request.body, now);
    },
  );

  app.post(
    '/api/runs/:id/deliver',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The volunteer enters the receiver's pickup code at the drop-off: the handover completes",
        params: IdParamSchema,
        body: RunDeliverInputSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).userId;
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `run-code:${userId}`, limit: CODE_ENTRIES_PER_10_MINUTES, windowMs: 10 * MINUTE });
      return deliverRun(app.db, userId, request.params.id, request.body.pickupCode, now, (requestId, code, inTransaction) =>
        completeWithCode(app.db, requestId, code, now, (trx) => inTransaction(trx)),
      );
    },
  );

  app.post(
    '/api/runs/:id/dispose',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The volunteer marks food that is no longer safe for disposal, with the reason',
        params: IdParamSchema,
        body: RunDisposeInputSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now();
      return disposeRun(app.db, currentUser(request).userId, request.params.id, request.body.reason, now, (trx, requestId) =>
        endRequestForDisposal(trx, requestId, now),
      );
    },
  );

  app.post(
    '/api/runs/:id/collect-myself',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The receiver will collect after all: a run not yet picked up ends, the request goes on as a pickup',
        params: IdParamSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => collectMyself(app.db, currentUser(request).userId, request.params.id, app.clock.now()),
  );

  app.post(
    '/api/runs/:id/ratings',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Donor and receiver rate the volunteer; the volunteer rates donor and receiver; once each, after delivery',
        params: IdParamSchema,
        body: RunRatingInputSchema,
        response: { 200: RunSchema, ...errorResponses },
      },
    },
    async (request) => rateRun(app.db, currentUser(request).userId, request.params.id, request.body, app.clock.now()),
  );
};
