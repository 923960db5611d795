import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, tileImageSource } from '../config';

/** Security headers on every response and CORS only for the configured origins. */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine sets CSS variables in style attributes and <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // The map's tiles come from the configured tile server (MAP_TILE_URL).
        'img-src': ["'self'", 'data:', 'blob:', ...[tileImageSource(config.mapTileUrl)].filter((source) => source !== null)],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Served over plain HTTP on a laptop too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // Same-origin calls need no CORS headers; other origins get them only when listed.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Total-Count', 'Retry-After'],
    maxAge: 600,
  });
}
