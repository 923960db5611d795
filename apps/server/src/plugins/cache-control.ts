import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Caching of API answers (issue 12, item 11). An answer to a signed-in request (an Authorization
 * header sent, or a session found) is never stored by a browser or proxy: `no-store`, whatever the
 * route set, since a shared cache could otherwise hand one person's data to the next. An anonymous
 * answer is `no-store` too (sign-in and reset answers carry tokens and codes) unless its route
 * chose to be cacheable (public lists and figures, through `sendCacheable` or its own header).
 * Every API answer varies by Authorization, so a cache never serves an anonymous copy to a
 * signed-in caller or the other way round; compression adds Accept-Encoding.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    addVary(reply, 'Authorization');
    const signedIn = request.headers.authorization !== undefined || request.user !== null;
    if (signedIn || !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((name) => name.toLowerCase() === field.toLowerCase())) return;
  void reply.header('vary', [...fields, field].join(', '));
}
