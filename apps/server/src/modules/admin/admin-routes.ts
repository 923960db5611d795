import { MESSAGES } from '@annadaan/contract/message-codes';
import { ErrorResponseSchema, IdParamSchema, MessageResponseSchema } from '@annadaan/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/http-errors';
import { currentUser } from '../../plugins/auth';
import { deleteUserSessions } from '../auth/sessions-repository';
import { setDeactivated } from './admin-repository';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Account administration, for ADMINs only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/users/:id/deactivate',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deactivate an account: it cannot sign in and its sessions end',
        security: [{ bearerAuth: [] }],
        params: IdParamSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Otherwise the last admin could lock everyone out of administration by mistake.
      if (id === currentUser(request).userId) throw badRequest('DEACTIVATE_SELF');
      const found = await app.db.transaction().execute(async (trx) => {
        if (!(await setDeactivated(trx, id, true, app.clock.now()))) return false;
        // Sessions already stop working while deactivated; deleting them keeps a later reactivation from reviving them.
        await deleteUserSessions(trx, id);
        return true;
      });
      if (!found) throw notFound('NO_USER_WITH_ID');
      return { message: MESSAGES.ACCOUNT_DEACTIVATED_DONE };
    },
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Reactivate an account; its owner signs in again',
        security: [{ bearerAuth: [] }],
        params: IdParamSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await setDeactivated(app.db, request.params.id, false, app.clock.now()))) throw notFound('NO_USER_WITH_ID');
      return { message: MESSAGES.ACCOUNT_REACTIVATED_DONE };
    },
  );
};
