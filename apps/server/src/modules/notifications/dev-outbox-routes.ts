import { OutboxResponseSchema } from '@annadaan/contract/dev';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { isOutboxNotifier } from './notifier';

/**
 * True when the server listens on the loopback interface alone (HOST 127.x, ::1 or localhost), so
 * every request comes from a program on this machine. Where a request says it came from is never
 * enough: behind a reverse proxy on the same host, every visitor arrives from 127.0.0.1.
 */
export function listensOnLoopbackOnly(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Messages the built-in notifier sent, newest last. Registered only when DEV_OUTBOX=true, never
 * with NODE_ENV=production, and answered only when the server listens on loopback alone or to a
 * signed-in admin: it holds reset codes, and a demo (`npm start`) listens on every interface.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;
  const loopbackOnly = listensOnLoopbackOnly(app.config.host);
  const allowed = async (request: FastifyRequest) => {
    if (loopbackOnly) return;
    await app.identify(request);
    if (request.user?.role !== 'ADMIN') throw forbidden('OUTBOX_REFUSED');
  };
  app.get(
    '/api/dev/outbox',
    {
      preHandler: allowed,
      schema: {
        tags: ['dev'],
        summary: 'Messages sent by the built-in notifier (DEV_OUTBOX=true only; a server on loopback alone, or an admin)',
        querystring: z.object({ email: z.string().trim().toLowerCase().optional() }),
        response: { 200: OutboxResponseSchema, 403: errorResponses[403] },
      },
    },
    async (request) => {
      const all = isOutboxNotifier(app.notifier) ? app.notifier.messages() : [];
      const { email } = request.query;
      return { messages: email ? all.filter((message) => message.email === email) : all };
    },
  );
};
