import { MESSAGES } from '@annadaan/contract/message-codes';
import {
  AuthResponseSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  ResetPasswordInputSchema,
} from '@annadaan/contract/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@annadaan/contract/common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { type AuthDeps, changePassword, login, register, requestPasswordReset, resetPassword } from './auth-service';
import { deleteSession } from './sessions-repository';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  423: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};
/** Reset routes: a per-address limit and a full hashing queue are the only refusals besides 400. */
const resetErrors = { 400: ErrorResponseSchema, 429: ErrorResponseSchema, 503: ErrorResponseSchema };

function deps(app: FastifyInstance): AuthDeps {
  return { db: app.db, now: app.clock.now(), notifier: app.notifier, hasher: app.passwordHasher, smsResetCode: app.messaging.sendResetCode };
}

/** Registration, sign-in and sign-out, password reset and password change. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a donor or receiver account and sign in',
        body: RegisterInputSchema,
        response: { 201: RegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await register(deps(app), request.body, request.ip);
      return reply.status(201).send({ ...signedIn, message: MESSAGES.REGISTERED });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginInputSchema,
        response: { 200: AuthResponseSchema.omit({ message: true }), ...errors },
      },
    },
    async (request) => login(deps(app), request.body, request.ip),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'End this session', security: [{ bearerAuth: [] }], response: { 204: z.null(), 401: ErrorResponseSchema } },
    },
    async (request, reply) => {
      await deleteSession(app.db, currentUser(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a reset code when the email and contact number match an account',
        body: ForgotPasswordInputSchema,
        response: { 200: MessageResponseSchema, ...resetErrors },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(app), request.body, request.ip);
      return { message: MESSAGES.RESET_REQUESTED };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed or texted code',
        body: ResetPasswordInputSchema,
        response: { 200: MessageResponseSchema, ...resetErrors },
      },
    },
    async (request) => {
      await resetPassword(deps(app), request.body, request.ip);
      return { message: MESSAGES.PASSWORD_RESET_DONE };
    },
  );

  app.post(
    '/api/user/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordInputSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await changePassword(deps(app), currentUser(request), request.body);
      return { message: MESSAGES.PASSWORD_CHANGED };
    },
  );
};
