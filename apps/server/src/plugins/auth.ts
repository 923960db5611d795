import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SessionUser, findSessionUser } from '../modules/auth/sessions-repository';
import { forbidden, unauthorized } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` or `app.identify`; null when anonymous. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest: 401 unless a valid bearer token is sent. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Sets request.user when a valid token is sent, lets anonymous callers through. */
    identify(request: FastifyRequest): Promise<void>;
    /** onRequest: 401 when anonymous, 403 unless the caller is an ADMIN. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);

  const identify = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    request.user = token ? await findSessionUser(app.db, token, app.clock.now()) : null;
  };

  const authenticate = async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'ADMIN') throw forbidden();
  };
  app.decorate('identify', identify);
  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', requireAdmin);

  // Sign-in is checked in onRequest, before the body is read and validated: an anonymous caller
  // learns nothing about a route's input rules and gets 401, not 400. A route that puts the check
  // in a later hook fails at start instead of quietly answering 400 first.
  const guards: unknown[] = [authenticate, requireAdmin];
  app.addHook('onRoute', (route) => {
    for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const handlers: unknown[] = [route[hook]].flat();
      if (handlers.some((handler) => guards.includes(handler))) {
        throw new Error(`${route.method} ${route.url}: run app.authenticate / app.requireAdmin as onRequest, not ${hook}.`);
      }
    }
  });
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
