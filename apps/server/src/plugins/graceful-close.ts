import type { FastifyInstance } from 'fastify';

/**
 * Once `app.close()` starts, every response still being sent asks the client to close the
 * connection. Fastify closes the keep-alive connections that are idle when closing starts, but a
 * connection whose request was in flight turns idle only afterwards and would otherwise hold the
 * process open until its keep-alive timeout (72 s), well past any orchestrator's patience.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });
}
