import { IdParamSchema } from '@annadaan/contract/common';
import { BlockedUserListSchema, BlockedUserSchema } from '@annadaan/contract/moderation';
import { PageQuerySchema } from '@annadaan/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { deleteBlock, findBlock, insertBlock, listBlocks, userExists } from './blocks-repository';

/** Blocking is cheap, but each block makes the person's lists a little dearer to read. */
const BLOCKS_PER_HOUR = 60;

/**
 * A person blocks another (issue 16): neither then sees the other's listings, and a blocked
 * receiver cannot request the blocker's donations. Only ever the caller's own blocks.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/blocks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'The people I blocked, newest first, 20 a page by default; the total is in X-Total-Count',
        security,
        querystring: PageQuerySchema,
        response: { 200: BlockedUserListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listBlocks(app.db, currentUser(request).userId, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.put(
    '/api/blocks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'Block a user (by their user id); blocking again changes nothing',
        security,
        params: IdParamSchema,
        response: { 200: BlockedUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const blockedId = request.params.id;
      if (blockedId === userId) throw badRequest('BLOCK_SELF').onField('id');
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `block:${userId}`, limit: BLOCKS_PER_HOUR, windowMs: HOUR });
      if (!(await userExists(app.db, blockedId))) throw notFound('NO_SUCH_USER');
      await insertBlock(app.db, userId, blockedId, now);
      const block = await findBlock(app.db, userId, blockedId);
      if (!block) throw notFound('NO_SUCH_USER');
      return block;
    },
  );

  app.delete(
    '/api/blocks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'Unblock a user; unblocking someone not blocked changes nothing',
        security,
        params: IdParamSchema,
        response: { 204: z.null().describe('Unblocked'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBlock(app.db, currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
