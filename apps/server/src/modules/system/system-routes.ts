import { MESSAGES } from '@annadaan/contract/message-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, MessageResponseSchema } from '@annadaan/contract/common';
import { isOutOfSpace } from '../../lib/db-errors';
import { probeWrite } from './health-repository';

const HealthSchema = z.object({ status: z.literal('ok') });

/** The web app's wake-up ping, liveness and readiness. See docs/decisions/016-bounded-work-and-health.md. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/welcome', { schema: { tags: ['system'], summary: 'Wake-up ping', response: { 200: MessageResponseSchema } } }, async () => ({
    message: MESSAGES.WELCOME,
  }));

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 while the process answers; touches no database',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Concurrent probes share one write: a flood of health checks costs one transaction at a time.
  let inFlight: Promise<'ok' | 'full' | 'failed'> | null = null;
  const ready = () => {
    const needRoom = app.storageFull.isSet();
    inFlight ??= probeWrite(app.db, app.clock.now(), { needRoom })
      .then(
        () => {
          if (needRoom) app.storageFull.clear();
          return 'ok' as const;
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'readiness probe: the database did not take a write');
          if (!isOutOfSpace(error)) return 'failed' as const;
          app.storageFull.report();
          return 'full' as const;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  // `/api/health` tells the same truth as `/ready`, so monitors already pointed at it see failed writes too.
  for (const path of ['/api/health/ready', '/api/health']) {
    app.get(
      path,
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: 200 when the database commits a write (one row upserted; after a write refused for lack of space, 64 KiB more), else 503',
          response: { 200: HealthSchema, 503: ErrorResponseSchema },
        },
      },
      async (_request, reply) => {
        const state = await ready();
        if (state === 'ok') return { status: 'ok' as const };
        if (state === 'full') return reply.status(503).send({ message: MESSAGES.STORAGE_FULL, code: 'STORAGE_FULL', messageCode: 'STORAGE_FULL' });
        return reply.status(503).send({ message: MESSAGES.DATABASE_READ_ONLY, code: 'UNAVAILABLE', messageCode: 'DATABASE_READ_ONLY' });
      },
    );
  }
};
