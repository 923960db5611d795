import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { AppDatabase } from './db/database';
import type { Database } from './db/schema';
import { type Clock, systemClock } from './lib/clock';
import { prettyLogStream } from './lib/log-format';
import { redactUrl } from './lib/log-redaction';
import { type StorageFullLatch, createStorageFullLatch } from './lib/storage-full';
import { registerAuth } from './plugins/auth';
import { registerCacheControl } from './plugins/cache-control';
import { registerErrorHandling } from './plugins/errors';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { loadWebApp, registerWebAppFiles } from './plugins/web-app';
import { accountRoutes } from './modules/account/account-routes';
import { adminRoutes } from './modules/admin/admin-routes';
import { registerAlertJobs } from './modules/alerts/alerts-jobs';
import { alertsRoutes } from './modules/alerts/alerts-routes';
import { blocksRoutes } from './modules/blocks/blocks-routes';
import { moderationRoutes } from './modules/moderation/moderation-routes';
import { organisationsRoutes } from './modules/organisations/organisations-routes';
import { analyticsRoutes } from './modules/analytics/analytics-routes';
import { contactRoutes } from './modules/contact/contact-routes';
import { directoryRoutes } from './modules/directory/directory-routes';
import { foodNeedsRoutes } from './modules/food-needs/food-needs-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { devOutboxRoutes } from './modules/notifications/dev-outbox-routes';
import { type Notifier, createLogOutboxNotifier } from './modules/notifications/notifier';
import { type Mailer, createMailNotifier, createSmtpMailer } from './modules/notifications/email-transport';
import { preferencesRoutes } from './modules/notifications/preferences-routes';
import { createEmailChannel } from './modules/notifications/email-channel';
import { createMessagingChannels, registerMessaging } from './modules/notifications/messaging-delivery';
import { messagingRoutes } from './modules/notifications/messaging-routes';
import { createPreferencePolicy } from './modules/notifications/preferences-policy';
import { registerLiveEvents } from './modules/notifications/live-events';
import { type DeliveryOptions, registerNotificationDelivery } from './modules/notifications/deliveries';
import { registerJobRunner } from './modules/jobs/job-runner';
import { notificationsRoutes } from './modules/notifications/notifications-routes';
import { createPushChannel } from './modules/notifications/push-channel';
import { createVapidKeyStore } from './modules/notifications/push-keys';
import { pushRoutes } from './modules/notifications/push-routes';
import { type PasswordHasher, createPasswordHasher } from './modules/auth/password-hashing';
import { statisticsRoutes } from './modules/statistics/statistics-routes';
import { donationsRoutes } from './modules/donations/donations-routes';
import { registerExpirySweep } from './modules/donations/expiry-sweep';
import { type BrowseCache, createBrowseCache, registerBrowseCacheInvalidation } from './modules/donations/browse-cache';
import { geoRoutes } from './modules/geo/geo-routes';
import { registerMapExpirySweep } from './modules/map/map-expiry-sweep';
import { mapRoutes } from './modules/map/map-routes';
import { mapTilesRoutes } from './modules/map/map-tiles-routes';
import { ratingsRoutes } from './modules/ratings/ratings-routes';
import { registerRequestReminders } from './modules/requests/request-reminders';
import { registerPortionJobs } from './modules/requests/portion-jobs';
import { waitlistRoutes } from './modules/requests/waitlist-routes';
import { requestsRoutes } from './modules/requests/requests-routes';
import { runsRoutes } from './modules/runs/runs-routes';
import { volunteersRoutes } from './modules/volunteers/volunteers-routes';
import { systemRoutes } from './modules/system/system-routes';
import { type UploadStore, createDatabaseStore, createFolderStore } from './modules/uploads/upload-store';
import { uploadsRoutes } from './modules/uploads/uploads-routes';
import { userRoutes } from './modules/user/user-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: AppDatabase;
    db: Kysely<Database>;
    clock: Clock;
    notifier: Notifier;
    /** Email through SMTP_URL; null without it (email then goes to the notifier's log and dev outbox). */
    mailer: Mailer | null;
    /** argon2 hashing behind a bounded queue (503 when full); see docs/decisions/014. */
    passwordHasher: PasswordHasher;
    uploadStore: UploadStore;
    /** Browse's kept listings; it watches the writes made through `db` (modules/donations/browse-cache.ts). */
    browseCache: BrowseCache;
    /** Set by a write refused for lack of space; readiness answers 503 until the database can grow. */
    storageFull: StorageFullLatch;
  }
}

export interface AppDependencies {
  config: Config;
  database: AppDatabase;
  clock?: Clock;
  /** Sends reset codes and other messages; the built-in one logs them and keeps a dev outbox. */
  notifier?: Notifier;
  /** Where log lines go; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** The push and email channels and the policy that decides what goes out; tests may pass their own. */
  delivery?: DeliveryOptions;
}

/** Paths whose values never reach a log line. */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'code', 'pickupCode'];
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  // `*.x` reaches exactly one level down, so each secret is named at the top, one and two levels deep.
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Fastify's own request serializer, with query values hidden: they carry emails, phones and addresses. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  // pino also passes anything else logged under `req` here; it goes on as it is (and through REDACTED).
  const value: unknown = request;
  if (!(value instanceof Object) || !('raw' in value)) return value as Record<string, unknown>;
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

/** Nothing when a request arrives; its method, path, status and time in one record when it ends. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Fastify 5 answers a bare hop count by trusting nothing, so hops become a function: proxy-addr
 * walks from the socket (hop 0) leftwards through X-Forwarded-For and stops at the first address
 * it does not trust, which is then the client's.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Builds the whole server without listening, so tests can `inject` into it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const pretty = config.logFormat === 'pretty';
  const logStream = pretty ? prettyLogStream(deps.logStream ?? process.stdout) : deps.logStream;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: {
        req: serializeRequest,
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Short logs give a request one line, written when it ends, instead of two.
    ...(pretty ? { logController: new OneLinePerRequest() } : {}),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // On close: idle keep-alive connections are closed at once, in-flight requests run to the end
    // (and registerGracefulClose makes their connections close after the response).
    forceCloseConnections: 'idle',
    // Path parameters are short ids and upload names; a trailing slash is forgiven.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true, caseSensitive: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  // Every write through the app's handle that changes a listing drops the kept listings itself.
  const browseCache = createBrowseCache();
  app.decorate('browseCache', browseCache);
  app.decorate('db', browseCache.watch(database.db));
  const clock = deps.clock ?? systemClock;
  app.decorate('clock', clock);
  const mailer = config.smtpUrl ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log) : null;
  app.decorate('mailer', mailer);
  const mailNotifier = mailer ? createMailNotifier(mailer, app.log) : null;
  app.decorate('notifier', deps.notifier ?? mailNotifier ?? createLogOutboxNotifier(app.log, () => clock.now()));
  app.addHook('onClose', async () => {
    await mailNotifier?.settle();
    mailer?.close();
  });
  app.decorate('passwordHasher', createPasswordHasher({ concurrency: config.passwordHashConcurrency, queueSize: config.passwordHashQueue }));
  app.decorate('uploadStore', config.uploadStore === 'database' ? createDatabaseStore(database.db) : createFolderStore(config.uploadsDir));

  const webDistDir = config.webDistDir && fs.existsSync(path.join(config.webDistDir, 'index.html')) ? config.webDistDir : null;
  const webApp = webDistDir ? await loadWebApp(app, webDistDir, config) : null;
  app.decorate('storageFull', createStorageFullLatch());
  registerErrorHandling(app, { renderPage: webApp?.renderPage ?? null });
  registerGracefulClose(app);
  // Answers over 1 kB go out compressed to clients that ask (a browse page or an order list shrinks
  // to about a fifth on a slow phone network); the web app's files come precompressed instead.
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerSecurity(app, config);
  registerInputHygiene(app);
  registerAuth(app);
  registerCacheControl(app);
  await registerOpenApi(app);
  // Before the modules: they register their job handlers and sweeps on it.
  app.decorate('jobs', registerJobRunner(app));

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(adminRoutes);
  await app.register(uploadsRoutes);
  // The outbox shows reset codes to anyone who asks, so the route exists only when switched on.
  if (config.devOutbox) await app.register(devOutboxRoutes);
  await app.register(statisticsRoutes);
  await app.register(donationsRoutes);
  await app.register(requestsRoutes);
  await app.register(waitlistRoutes);
  await app.register(runsRoutes);
  await app.register(volunteersRoutes);
  await app.register(ratingsRoutes);
  await app.register(geoRoutes);
  await app.register(mapRoutes);
  await app.register(mapTilesRoutes);
  registerExpirySweep(app);
  registerMapExpirySweep(app);
  registerRequestReminders(app);
  registerPortionJobs(app);
  registerBrowseCacheInvalidation(app);
  await app.register(foodNeedsRoutes);
  await app.register(directoryRoutes);
  await app.register(analyticsRoutes);
  await app.register(contactRoutes);
  await app.register(organisationsRoutes);
  app.decorate('liveEvents', registerLiveEvents(app));
  app.decorate('pushKeys', createVapidKeyStore(app));
  registerMessaging(app);
  registerNotificationDelivery(
    app,
    deps.delivery ?? { channels: [createPushChannel(app), createEmailChannel(app), ...createMessagingChannels(app)], policy: createPreferencePolicy(app) },
  );
  await app.register(messagingRoutes);
  await app.register(notificationsRoutes);
  await app.register(preferencesRoutes);
  await app.register(pushRoutes);
  await app.register(alertsRoutes);
  registerAlertJobs(app);
  await app.register(moderationRoutes);
  await app.register(blocksRoutes);

  if (webApp) await registerWebAppFiles(app, webApp);

  return app;
}
