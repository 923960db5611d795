import { OutboxResponseSchema } from '@annadaan/contract/dev';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { isOutboxNotifier } from './notifier';


/**
 * A caller on this machine, judged by the socket's own address: a forwarded header is written by
 * the client, so it never counts here, even with TRUST_PROXY.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Messages the built-in notifier sent, newest last. Registered only when DEV_OUTBOX=true, never
 * with NODE_ENV=production, and answered only to a caller on this machine or a signed-in admin:
 * it holds reset codes, and a demo may listen on every interface.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env === 'production') return;
  const allowed = async (request: FastifyRequest) => {
    if (isLoopback(request.socket.remoteAddress)) return;
    await app.identify(request);
    if (request.user?.role !== 'ADMIN') throw forbidden('OUTBOX_REFUSED');
  };
  app.get(
    '/api/dev/outbox',
    {
      preHandler: allowed,
      schema: {
        tags: ['dev'],
        summary: 'Messages sent by the built-in notifier (DEV_OUTBOX=true only; this machine or an admin)',
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
