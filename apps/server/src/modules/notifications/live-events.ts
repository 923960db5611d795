import type { ServerResponse } from 'node:http';
import { NOTIFICATION_EVENT } from '@annadaan/contract/notifications';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams (GET /api/events) this instance holds. */
    liveEvents: LiveEvents;
  }
}
import type { Listener } from '../../db/database';
import { hashToken, validSessionHashes } from '../auth/sessions-repository';
import { findNotification, newestNotificationId, newestNotificationIds, notificationsAfter } from './notifications-repository';

/** Notified on commit by the trigger on notifications (migration 0009) with "user_id:id". */
export const NOTIFICATIONS_CHANNEL = 'annadaan_notifications';

/** A comment line this often keeps proxies from closing an idle stream; each beat also looks for missed rows. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting, told on the stream. */
const RETRY_MS = 3_000;
/** Rows read per look; a stream far behind reads again until it has caught up. */
const BATCH = 100;
/**
 * Sessions or people looked up per statement at a heartbeat or catch-up: a few statements for
 * thousands of streams instead of one or two per stream, which queued every request behind them.
 */
const CHECK_BATCH = 500;
/** Ids a stream remembers having sent, to tell a late-committed older row from one already sent. */
const RECENT_IDS = 64;

/**
 * Every process-local recording of a notification, by user id. Only SQLite hubs listen: there one
 * process owns the database. On PostgreSQL the trigger's NOTIFY, heard by every instance, is what
 * wakes streams, so a stream on another instance hears of a row only once it is committed.
 */
const localRecorded = new Set<(userId: number) => void>();

export function wakeLocalStreams(userIds: number[]) {
  for (const userId of new Set(userIds)) for (const wake of localRecorded) wake(userId);
}

interface Stream {
  userId: number;
  /** The session's token as stored (its SHA-256), checked again at each heartbeat. */
  tokenHash: string;
  raw: ServerResponse;
  lastId: number;
  /** The newest ids sent, oldest first, at most RECENT_IDS. */
  recent: number[];
  reading: boolean;
  again: boolean;
  closed: boolean;
}

/** The live streams of one app instance, and what wakes them. */
export interface LiveEvents {
  open(request: FastifyRequest, reply: FastifyReply, userId: number, lastEventId: number | undefined): Promise<void>;
  /** How many streams this instance holds. */
  size(): number;
  /**
   * One heartbeat now (the timer runs it every HEARTBEAT_MS): ends streams whose session is gone,
   * pings the rest and reads for the streams that are behind. A beat asked for while one runs
   * waits for that one rather than starting another.
   */
  beat(): Promise<void>;
}

function bearer(request: FastifyRequest): string {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1] ?? '';
}

export function registerLiveEvents(app: FastifyInstance): LiveEvents {
  const byUser = new Map<number, Set<Stream>>();
  let listener: Listener | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const end = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    const set = byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) byUser.delete(stream.userId);
    if (!stream.raw.writableEnded) stream.raw.end();
  };

  const pump = async (stream: Stream) => {
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    try {
      do {
        stream.again = false;
        const rows = await notificationsAfter(app.db, stream.userId, stream.lastId, BATCH);
        for (const row of rows) {
          if (stream.closed) return;
          stream.raw.write(`id: ${row.id}\nevent: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(row)}\n\n`);
          stream.lastId = row.id;
          remember(stream, row.id);
        }
        if (rows.length === BATCH) stream.again = true;
      } while (stream.again && !stream.closed);
    } catch (error) {
      app.log.warn({ err: error }, 'live stream read failed; the next heartbeat tries again');
    } finally {
      stream.reading = false;
    }
  };

  const remember = (stream: Stream, id: number) => {
    stream.recent.push(id);
    if (stream.recent.length > RECENT_IDS) stream.recent.shift();
  };

  /**
   * On PostgreSQL two rows for one person can commit in the opposite order to their ids (two
   * transactions racing): the stream has then read past the older one. Its NOTIFY names it, so it
   * is read by id and sent without an `id:` line, which leaves the client's Last-Event-ID at the
   * newest row it has.
   */
  const sendLate = async (stream: Stream, id: number) => {
    if (stream.recent.includes(id)) return;
    remember(stream, id);
    try {
      const row = await findNotification(app.db, stream.userId, id);
      if (row && !stream.closed) stream.raw.write(`event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(row)}\n\n`);
    } catch (error) {
      app.log.warn({ err: error }, 'live stream read of a late notification failed');
    }
  };

  const wakeUser = (userId: number, id?: number) => {
    for (const stream of byUser.get(userId) ?? []) {
      if (id !== undefined && id <= stream.lastId) void sendLate(stream, id);
      else void pump(stream);
    }
  };

  const chunks = <T>(items: T[]): T[][] => {
    const out: T[][] = [];
    for (let start = 0; start < items.length; start += CHECK_BATCH) out.push(items.slice(start, start + CHECK_BATCH));
    return out;
  };

  /** Reads for the streams whose person has a row newer than what they were sent: missed wakes only. */
  const catchUp = async () => {
    try {
      for (const userIds of chunks([...byUser.keys()])) {
        const newest = await newestNotificationIds(app.db, userIds);
        for (const userId of userIds) {
          for (const stream of byUser.get(userId) ?? []) if ((newest.get(userId) ?? 0) > stream.lastId) void pump(stream);
        }
      }
    } catch (error) {
      app.log.warn({ err: error }, 'live streams catch-up read failed; the next heartbeat tries again');
    }
  };

  const beatOnce = async () => {
    const now = app.clock.now();
    const bySession = new Map<string, Stream[]>();
    for (const set of byUser.values()) {
      for (const stream of set) {
        const same = bySession.get(stream.tokenHash);
        if (same) same.push(stream);
        else bySession.set(stream.tokenHash, [stream]);
      }
    }
    // A stream outlives neither its session (signed out, password changed) nor its account.
    for (const hashes of chunks([...bySession.keys()])) {
      const valid = await validSessionHashes(app.db, hashes, now).catch((error: unknown) => {
        app.log.warn({ err: error }, 'live streams session check failed; they are kept until the next heartbeat');
        return null;
      });
      for (const hash of hashes) {
        for (const stream of bySession.get(hash) ?? []) {
          if (valid && !valid.has(hash)) end(stream);
          else if (!stream.closed) stream.raw.write(': heartbeat\n\n');
        }
      }
    }
    await catchUp();
  };
  let beating: Promise<void> | undefined;
  const beat = () => {
    beating ??= beatOnce().finally(() => {
      beating = undefined;
    });
    return beating;
  };

  const { listen } = app.database;
  app.addHook('onReady', async () => {
    if (listen) {
      listener = listen(NOTIFICATIONS_CHANNEL, {
        onNotify: (payload) => {
          const [userId, id] = payload.split(':').map(Number);
          if (Number.isInteger(userId) && userId !== undefined) wakeUser(userId, Number.isInteger(id) ? id : undefined);
        },
        // Rows may have been committed while nobody listened.
        onUp: () => void catchUp(),
        onDown: (error) => app.log.warn({ err: error }, 'notification listener down: live streams catch up at each heartbeat until it is back'),
      });
    } else {
      localRecorded.add(wakeUser);
    }
    heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    heartbeat.unref();
  });
  // Streams end when closing starts, so in-flight work and the server can finish; browsers reconnect elsewhere.
  app.addHook('preClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    localRecorded.delete(wakeUser);
    for (const set of [...byUser.values()]) {
      for (const stream of [...set]) end(stream);
    }
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });

  return {
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    beat,
    async open(request, reply, userId, lastEventId) {
      const lastId = lastEventId ?? (await newestNotificationId(app.db, userId));
      reply.hijack();
      const raw = reply.raw;
      // Hijacked, so the onSend hooks never run: the headers set so far (security, CORS, vary) go out here.
      const kept = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
      raw.writeHead(200, {
        ...Object.fromEntries(kept),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        vary: 'Authorization',
        // A buffering proxy (nginx) would hold events back.
        'x-accel-buffering': 'no',
        // The connection carries only this stream: when it ends (app closing) the socket goes too,
        // rather than idling in keep-alive and holding the server open.
        connection: 'close',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const stream: Stream = { userId, tokenHash: hashToken(bearer(request)), raw, lastId, recent: [], reading: false, again: false, closed: false };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(stream);
      raw.on('close', () => end(stream));
      await pump(stream);
    },
  };
}
