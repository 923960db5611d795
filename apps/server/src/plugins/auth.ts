import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SessionUser, findSessionUser } from '../modules/auth/sessions-repository';
import { forbidden, unauthorized } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate` or `app.identify`; null when anonymous. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token is sent. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: sets request.user when a valid token is sent, lets anonymous callers through. */
    identify(request: FastifyRequest): Promise<void>;
    /** preHandler: 401 when anonymous, 403 unless the caller is an ADMIN. */
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

  app.decorate('identify', identify);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await identify(request);
    if (!request.user) throw unauthorized();
    if (request.user.role !== 'ADMIN') throw forbidden();
  });
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
