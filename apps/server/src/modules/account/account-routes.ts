import { MESSAGES } from '@annadaan/contract/message-codes';
import { DeleteAccountInputSchema } from '@annadaan/contract/account';
import { ErrorResponseSchema, MessageResponseSchema } from '@annadaan/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { consumeLimit } from '../../plugins/rate-limit';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_DATA_PARTS } from './account-parts';
import { EXPORT_FORMAT, deleteAccount, exportAccount } from './account-service';

/** Exports per person per hour: a file of everything is many queries, and nobody needs it more often. */
const EXPORTS_PER_HOUR = 5;

/** The export file's schema, built from the parts: an allowlist, so a column a part does not name cannot leak. */
const AccountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: z.string(),
  ...Object.fromEntries(ACCOUNT_DATA_PARTS.map((part) => [part.key, part.schema])),
});

/** The account belongs to its owner (issue 16, DPDP Act 2023): take everything with you, or delete it all. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Download everything held about me as one JSON file (at most 5 an hour)',
        security: [{ bearerAuth: [] }],
        response: { 200: AccountExportSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `account-export:${userId}`, limit: EXPORTS_PER_HOUR, windowMs: HOUR });
      const file = await exportAccount(app.db, ACCOUNT_DATA_PARTS, userId, now);
      void reply
        .header('content-disposition', `attachment; filename="annadaan-my-data-${now.toISOString().slice(0, 10)}.json"`)
        .header('cache-control', 'no-store');
      return file as z.infer<typeof AccountExportSchema>;
    },
  );

  app.delete(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary:
          'Delete my account with my current password: open donations, requests and food needs are withdrawn (others are told), personal data erased; ratings and completed handovers stay as "Deleted user"',
        security: [{ bearerAuth: [] }],
        body: DeleteAccountInputSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await deleteAccount(
        { db: app.db, now: app.clock.now(), log: request.log, deleteStoredFile: (key) => app.uploadStore.delete(key) },
        ACCOUNT_DATA_PARTS,
        userId,
        request.body.currentPassword,
      );
      return { message: MESSAGES.ACCOUNT_DELETED };
    },
  );
};
