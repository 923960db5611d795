import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag over the JSON body: the same data gives the same tag on every server. */
export function etagFor(body: unknown): string {
  return `"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header (a list, possibly weak tags or `*`) matches `etag`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a public, cacheable answer: ETag and Cache-Control always, and 304 without a body when
 * the client already holds this version.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds: number): T | FastifyReply {
  const etag = etagFor(body);
  void reply.header('etag', etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}
