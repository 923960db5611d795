import { IdParamSchema } from '@annadaan/contract/common';
import {
  ChangeRoleInputSchema,
  CreateInviteInputSchema,
  CreatedInviteSchema,
  InviteListSchema,
  InviteParamsSchema,
  JoinInputSchema,
  MemberListSchema,
  MemberParamsSchema,
  MyOrganisationListSchema,
  ORGANISATIONS_PER_DAY,
  OrganisationInputSchema,
  OrganisationRequestListSchema,
  OrganisationSchema,
  OrganisationStatusSchema,
  PendingInviteListSchema,
  PublicOrganisationSchema,
  ReviewInputSchema,
  ReviewItemListSchema,
  ReviewQueueQuerySchema,
} from '@annadaan/contract/organisations';
import { PageQuerySchema } from '@annadaan/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY, HOUR } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import {
  deleteInvite,
  findPublicOrganisation,
  listMembers,
  listMyOrganisations,
  listOpenInvites,
  listOrganisationRequests,
  listPhoneInvites,
  listReviewQueue,
  phoneOf,
} from './organisations-repository';
import {
  acceptPhoneInvite,
  changeRole,
  createInvite,
  createOrganisation,
  editOrganisation,
  joinByLink,
  memberView,
  removeMember,
  requireCoordinator,
  requireMember,
  reviewOrganisation,
} from './organisations-service';

/** Invitations a coordinator may send in an hour, and joins a person may try (guessing tokens is hopeless, but cheap to bound). */
const INVITES_PER_HOUR = 60;
const JOINS_PER_HOUR = 30;

/**
 * Organisations (issue 32; docs/decisions/052-organisations.md). The public page is open to all;
 * everything else is for members, and anyone else (a stranger, a member of another organisation,
 * an admin outside the admin routes) gets 404 as if it did not exist.
 */
export const organisationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['organisations'];

  app.post(
    '/api/organisations',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: `Create an organisation; the creator is its first coordinator and it waits for the admins' check (${ORGANISATIONS_PER_DAY} a day)`,
        security,
        body: OrganisationInputSchema,
        response: { 201: OrganisationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `organisation:${userId}`, limit: ORGANISATIONS_PER_DAY, windowMs: DAY });
      return reply.status(201).send(await createOrganisation(app.db, userId, request.body, now));
    },
  );

  app.get(
    '/api/organisations/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The organisations I belong to, newest membership first, 20 a page by default; the total is in X-Total-Count',
        security,
        querystring: PageQuerySchema,
        response: { 200: MyOrganisationListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listMyOrganisations(app.db, currentUser(request).userId, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/organisations/invites/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Invitations to my phone number still open (at most 50)',
        security,
        response: { 200: PendingInviteListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const phone = await phoneOf(app.db, currentUser(request).userId);
      return phone === null ? [] : listPhoneInvites(app.db, phone, app.clock.now());
    },
  );

  app.post(
    '/api/organisations/invites/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Accept an invitation to my phone number; I join with the role it names',
        security,
        params: IdParamSchema,
        response: { 200: OrganisationSchema, ...errorResponses },
      },
    },
    async (request) => acceptPhoneInvite(app.db, currentUser(request).userId, request.params.id, app.clock.now()),
  );

  app.post(
    '/api/organisations/join',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Join with an invitation link’s token (single-use, expiring)',
        security,
        body: JoinInputSchema,
        response: { 200: OrganisationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `organisation-join:${userId}`, limit: JOINS_PER_HOUR, windowMs: HOUR });
      return joinByLink(app.db, userId, request.body.token, now);
    },
  );

  app.get(
    '/api/organisations/:id',
    {
      schema: {
        tags,
        summary: 'An organisation’s public page: name, kind, city, verified, counts; never its members or contacts',
        params: IdParamSchema,
        response: { 200: PublicOrganisationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findPublicOrganisation(app.db, request.params.id);
      if (!organisation) throw notFound('ORGANISATION_NOT_FOUND');
      return organisation;
    },
  );

  app.get(
    '/api/organisations/:id/manage',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'An organisation as its members see it: identifiers, the admins’ status and note, my role (members only)',
        security,
        params: IdParamSchema,
        response: { 200: OrganisationSchema, ...errorResponses },
      },
    },
    async (request) => memberView(app.db, request.params.id, currentUser(request).userId),
  );

  app.put(
    '/api/organisations/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Edit an organisation (coordinators); after the admins asked for more, this resubmits it',
        security,
        params: IdParamSchema,
        body: OrganisationInputSchema,
        response: { 200: OrganisationSchema, ...errorResponses },
      },
    },
    async (request) => editOrganisation(app.db, request.params.id, currentUser(request).userId, request.body, app.clock.now()),
  );

  app.get(
    '/api/organisations/:id/members',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Members and their roles, coordinators first (members only); names, never contacts',
        security,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: MemberListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireMember(app.db, request.params.id, currentUser(request).userId);
      const { total, items } = await listMembers(app.db, request.params.id, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.put(
    '/api/organisations/:id/members/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change a member’s role (coordinators); the last coordinator cannot step down',
        security,
        params: MemberParamsSchema,
        body: ChangeRoleInputSchema,
        response: { 204: z.null().describe('Changed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await changeRole(app.db, request.params.id, currentUser(request).userId, request.params.userId, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/organisations/:id/members/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a member (coordinators), or leave (my own id); the last coordinator cannot go',
        security,
        params: MemberParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeMember(app.db, request.params.id, currentUser(request).userId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/organisations/:id/invites',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Open invitations, newest first (coordinators); the total is in X-Total-Count',
        security,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: InviteListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireCoordinator(app.db, request.params.id, currentUser(request).userId);
      const { total, items } = await listOpenInvites(app.db, request.params.id, request.query, app.clock.now());
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/organisations/:id/invites',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Invite (coordinators): without a phone, a single-use link shown once; with a +91 number, a notice to its account',
        security,
        params: IdParamSchema,
        body: CreateInviteInputSchema,
        response: { 201: CreatedInviteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      await requireCoordinator(app.db, request.params.id, userId);
      await consumeLimit(app.db, now, { key: `organisation-invite:${userId}`, limit: INVITES_PER_HOUR, windowMs: HOUR });
      return reply.status(201).send(await createInvite(app.db, request.params.id, userId, request.body, now));
    },
  );

  app.delete(
    '/api/organisations/:id/invites/:inviteId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw an invitation (coordinators)',
        security,
        params: InviteParamsSchema,
        response: { 204: z.null().describe('Withdrawn'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireCoordinator(app.db, request.params.id, currentUser(request).userId);
      if (!(await deleteInvite(app.db, request.params.id, request.params.inviteId))) throw notFound('INVITE_INVALID');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/organisations/:id/requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Requests made as the organisation, newest first (members only); a member reads a pickup code at /api/requests/{id}/pickup-code',
        security,
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: OrganisationRequestListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireMember(app.db, request.params.id, currentUser(request).userId);
      const { total, items } = await listOrganisationRequests(app.db, request.params.id, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/admin/organisations',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'The verification queue (admins): organisations in one status (PENDING by default), longest waiting first; the total is in X-Total-Count',
        security,
        querystring: ReviewQueueQuerySchema,
        response: { 200: ReviewItemListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listReviewQueue(app.db, request.query.status, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/admin/organisations/:id/review',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Decide on a waiting organisation (admins): VERIFIED or MORE_INFO_REQUESTED, with a note kept in the audit log',
        security,
        params: IdParamSchema,
        body: ReviewInputSchema,
        response: { 200: z.object({ status: OrganisationStatusSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      status: await reviewOrganisation(app.db, currentUser(request).userId, request.params.id, request.body, app.clock.now()),
    }),
  );
};
