import { ProfileSchema, UpdateProfileInputSchema } from '@annadaan/contract/auth';
import { ErrorResponseSchema, normalizeIndianMobile } from '@annadaan/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, unauthorized } from '../../lib/http-errors';
import { currentUser } from '../../plugins/auth';
import { confirmCurrentPassword, endOtherSessions, phoneChangedNotice, voidResetCodes } from '../auth/account-changes';
import { notices, recordNotification } from '../notifications/notifications-service';
import { findProfile, ownsUpload, updateProfile } from './user-repository';

const UPLOAD_PREFIX = '/uploads/';

/** The signed-in person's own profile. Password changes live with the auth routes. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/profile',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], summary: 'My profile', security: [{ bearerAuth: [] }], response: { 200: ProfileSchema, 401: ErrorResponseSchema } },
    },
    async (request) => {
      const profile = await findProfile(app.db, currentUser(request).userId);
      if (!profile) throw unauthorized();
      return profile;
    },
  );

  app.put(
    '/api/user/update-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary:
          'Update my profile (email and role cannot change; a new phone number needs currentPassword, signs out other sessions and is told to the old number; unknown fields are ignored)',
        security: [{ bearerAuth: [] }],
        body: UpdateProfileInputSchema,
        response: { 200: ProfileSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      const { currentPassword, ...changes } = request.body;
      const now = app.clock.now();
      const picture = changes.displayPictureUrl;
      // Only a picture this person uploaded, so a profile cannot point at someone else's photo.
      if (picture && !(await ownsUpload(app.db, userId, picture.slice(UPLOAD_PREFIX.length)))) {
        throw badRequest('PICTURE_UPLOAD_FIRST').onField('displayPictureUrl');
      }
      const before = await findProfile(app.db, userId);
      if (!before) throw unauthorized();
      // The phone number is where reset codes go: changing it takes the password, ends the other
      // sessions and is told to the old number (issue 12, item 8). The email cannot change at all.
      // Compared in one form: the body's number arrives canonical (+91…), the profile shows 10 digits.
      const oldNumber = normalizeIndianMobile(before.contactNumber) ?? before.contactNumber;
      const phoneChanges = changes.contactNumber !== undefined && changes.contactNumber !== oldNumber;
      if (phoneChanges) await confirmCurrentPassword(app.db, now, userId, currentPassword);
      await app.db.transaction().execute(async (trx) => {
        await updateProfile(trx, userId, changes, now);
        if (phoneChanges) {
          await endOtherSessions(trx, userId, sessionId);
          await voidResetCodes(trx, userId, now);
          await recordNotification(trx, notices.phoneChanged(userId), now);
        }
      });
      if (phoneChanges && changes.contactNumber !== undefined) {
        await app.notifier.send(
          phoneChangedNotice({ email: before.email, oldNumber, newNumber: changes.contactNumber, language: changes.language ?? before.language }, now),
        );
      }
      const profile = await findProfile(app.db, userId);
      if (!profile) throw unauthorized();
      return profile;
    },
  );
};
