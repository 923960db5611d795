import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors';

/** The dotted path of the first key or string holding U+0000, or null; `depth` bounds odd nesting. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses U+0000 anywhere in the path, query or body with a 400. PostgreSQL text cannot hold it
 * ("invalid byte sequence for encoding UTF8: 0x00" became a 500) and no person types it, so it is
 * refused before validation on both databases alike.
 */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path !== null) throw badRequest('VALUE_NUL_CHARACTER').onField(path || context);
    }
  });
}
