import { IdParamSchema } from '@annadaan/contract/common';
import {
  CoordinatorDecisionInputSchema,
  MyVolunteerResponseSchema,
  MyVolunteerSchema,
  VolunteerApplicantListSchema,
  VolunteerApplicationSchema,
  VolunteerDecisionInputSchema,
  VolunteerQueueQuerySchema,
} from '@annadaan/contract/runs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { listApplicants, myVolunteer } from './volunteers-repository';
import { applyToVolunteer, decideAsCoordinator, decideVolunteer, volunteersOfOrganisation } from './volunteers-service';
import { z } from 'zod';

const APPLICATIONS_PER_HOUR = 10;

/**
 * Volunteering (issue 32): any signed-in person applies (the food-safety walkthrough, the terms,
 * an area and how they travel), in addition to what they already are; an admin approves.
 */
export const volunteersRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['volunteers'];

  app.get(
    '/api/volunteer/me',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'My volunteer record, or null when I never applied', response: { 200: MyVolunteerResponseSchema, ...errorResponses } },
    },
    async (request) => ({ volunteer: await myVolunteer(app.db, currentUser(request).userId) }),
  );

  app.put(
    '/api/volunteer/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Apply to volunteer (every walkthrough answer right, the current terms), or change my area, radius and travel',
        body: VolunteerApplicationSchema,
        response: { 200: MyVolunteerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).userId;
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `volunteer-apply:${userId}`, limit: APPLICATIONS_PER_HOUR, windowMs: HOUR });
      return applyToVolunteer(app.db, userId, request.body, now);
    },
  );

  const OrganisationMemberParamsSchema = z.object({ id: IdParamSchema.shape.id, userId: IdParamSchema.shape.id });

  app.get(
    '/api/organisations/:id/volunteers',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "An organisation's members who volunteer and where each stands; its members only",
        params: IdParamSchema,
        response: { 200: VolunteerApplicantListSchema, ...errorResponses },
      },
    },
    async (request) => volunteersOfOrganisation(app.db, currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/organisations/:id/volunteers/:userId/decision',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "A coordinator of a verified organisation approves a member's volunteer application, or does not",
        params: OrganisationMemberParamsSchema,
        body: CoordinatorDecisionInputSchema,
        response: { 200: MyVolunteerSchema, ...errorResponses },
      },
    },
    async (request) =>
      decideAsCoordinator(
        app.db,
        currentUser(request).userId,
        request.params.id,
        request.params.userId,
        { decision: request.body.decision, note: request.body.note as string },
        app.clock.now(),
      ),
  );

  app.get(
    '/api/admin/volunteers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Volunteer applications by status (APPLIED by default), oldest first. Total in X-Total-Count',
        querystring: VolunteerQueueQuerySchema,
        response: { 200: VolunteerApplicantListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listApplicants(app.db, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/admin/volunteers/:id/decision',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Approve, reject or suspend a volunteer (by user id), with a note the person reads when rejected or suspended',
        params: IdParamSchema,
        body: VolunteerDecisionInputSchema,
        response: { 200: MyVolunteerSchema, ...errorResponses },
      },
    },
    async (request) => decideVolunteer(app.db, currentUser(request).userId, request.params.id, request.body, app.clock.now()),
  );
};
