import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Listener } from '../../db/database';
import { toIso } from '../../lib/clock';
import { onLocalEnqueue } from './job-queue';

export interface JobContext {
  /** The job's row, for handlers that finish it in their own transaction (finishJobWith). */
  jobId: number;
  now: Date;
  /** 1 on the first run; a job that threw runs again with the next number. */
  attempt: number;
  /** The attempt after which a throwing job gives up. */
  maxAttempts: number;
  log: FastifyBaseLogger;
}

/**
 * Throw to be retried with backoff (attempts counted; the job gives up after `maxAttempts`);
 * return `{ retryAt }` to run again later without counting a failure (quiet hours, say).
 */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void | { retryAt: Date }>;

export interface JobRunner {
  /** The handler of a kind; registered while the app is built. */
  handle(kind: string, handler: JobHandler): void;
  /** A sweep run about every `intervalMs` by one instance at a time: a job row that reschedules itself. */
  every(kind: string, intervalMs: number, handler: (context: JobContext) => Promise<void>): void;
  /** Runs every job due by the app's clock until none is left; how many ran. Tests and the bench call it. */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** Notified by the insert trigger on jobs (migration 0010), whichever instance wrote. */
export const JOBS_CHANNEL = 'annadaan_jobs';
export const MAX_ATTEMPTS = 8;
/** How long a claimed job is this runner's by default (JOB_LEASE_SECONDS); past it another runner takes the job as abandoned. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/** 30 s, 1, 2, 4, 8, 16, 32 min, then an hour: about an hour and a half of trying in all. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 60 * 60_000);
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  key: string | null;
}

/**
 * The one runner of background work (STYLE: no timers scattered through modules). Each instance
 * polls now and then and is woken at once by an enqueue (this process) or a NOTIFY (another
 * instance). Claims take a lease with `FOR UPDATE SKIP LOCKED` on PostgreSQL, so instances never
 * hold the same job; on SQLite one process owns the database and one UPDATE claims atomically.
 * Delivery is at least once: a runner that dies mid-job leaves the lease to expire, and the job
 * runs again, so handlers are idempotent.
 */
export function registerJobRunner(app: FastifyInstance): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, number>();
  let running: Promise<number> | null = null;
  let again = false;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: Listener | undefined;
  let stopLocalWake: (() => void) | undefined;

  const claim = async (): Promise<ClaimedJob[]> => {
    const now = app.clock.now();
    const nowIso = toIso(now);
    const leaseIso = toIso(new Date(now.getTime() + app.config.jobLeaseMs));
    const lock = app.database.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows } = await sql<ClaimedJob>`
      update jobs set locked_until = ${leaseIso}, attempts = attempts + 1
      where id in (
        select id from jobs
        where failed_at is null and run_at <= ${nowIso} and (locked_until is null or locked_until <= ${nowIso})
        order by run_at, id
        limit ${BATCH}
        ${lock}
      )
      returning id, kind, payload, attempts, key`.execute(app.db);
    return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
  };

  /** A recurring job is put back for its next run; any other is done (its row goes with its batch's, in drain). */
  const reschedule = async (job: ClaimedJob, now: Date, interval: number) => {
    await app.db
      .updateTable('jobs')
      .set({ run_at: toIso(new Date(now.getTime() + interval)), locked_until: null, attempts: 0, last_error: null })
      .where('id', '=', job.id)
      .execute();
  };

  /** Runs one job; true when it finished and its row is to be deleted. */
  const runOne = async (job: ClaimedJob): Promise<boolean> => {
    const now = app.clock.now();
    const log = app.log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempts } });
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}.`);
      const payload = JSON.parse(job.payload) as Record<string, unknown>;
      const result = await handler(payload, { jobId: job.id, now, attempt: job.attempts, maxAttempts: MAX_ATTEMPTS, log });
      if (result && 'retryAt' in result) {
        // Not a failure: the attempt just counted is given back.
        await app.db
          .updateTable('jobs')
          .set({ run_at: toIso(result.retryAt), locked_until: null, attempts: job.attempts - 1 })
          .where('id', '=', job.id)
          .execute();
        return false;
      }
      const interval = recurring.get(job.kind);
      if (interval === undefined) return true;
      await reschedule(job, now, interval);
      return false;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const recurringInterval = recurring.get(job.kind);
      if (recurringInterval !== undefined || job.attempts < MAX_ATTEMPTS) {
        const delay = recurringInterval ?? backoffMs(job.attempts);
        log.warn({ err: error, retryInMs: delay }, 'job failed; it will run again');
        await app.db
          .updateTable('jobs')
          .set({ run_at: toIso(new Date(now.getTime() + delay)), locked_until: null, last_error: message.slice(0, 500) })
          .where('id', '=', job.id)
          .execute();
      } else {
        log.error({ err: error }, 'job failed for the last time; it is kept with failed_at');
        await app.db
          .updateTable('jobs')
          .set({ failed_at: toIso(now), locked_until: null, last_error: message.slice(0, 500) })
          .where('id', '=', job.id)
          .execute();
      }
      return false;
    }
  };

  const drain = async (): Promise<number> => {
    let ran = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return ran;
      // Jobs of one batch are independent (a push and an email go out side by side). The finished
      // ones are deleted in one statement: one commit, and on SQLite one fsync, for the batch
      // instead of one each (docs/decisions/047). A crash before it runs them again, as a crash
      // between a job's work and its own delete always could.
      const finished = await Promise.all(claimed.map((job) => runOne(job)));
      const done = claimed.filter((_, index) => finished[index]).map((job) => job.id);
      if (done.length > 0) await app.db.deleteFrom('jobs').where('id', 'in', done).execute();
      ran += claimed.length;
    }
  };

  /** One drain at a time per instance; a wake during a drain makes it look once more. */
  const runDue = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      await writeRecurring();
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !closing);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const kick = () => {
    if (closing || !app.config.jobPollIntervalMs) return;
    runDue().catch((error: unknown) => app.log.error({ err: error }, 'job runner failed to read the queue'));
  };

  const runner: JobRunner = {
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`Jobs of kind ${kind} already have a handler.`);
      handlers.set(kind, handler);
    },
    every(kind, intervalMs, handler) {
      recurring.set(kind, intervalMs);
      runner.handle(kind, async (_payload, context) => handler(context));
    },
    runDue,
  };

  /** Each recurring sweep is one row under its own key; the first instance to start writes it. */
  let recurringWritten = false;
  const writeRecurring = async () => {
    if (recurringWritten) return;
    const now = app.clock.now();
    for (const kind of recurring.keys()) {
      await app.db
        .insertInto('jobs')
        .values({ kind, payload: '{}', run_at: toIso(now), key: `every:${kind}`, created_at: toIso(new Date()) })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    recurringWritten = true;
  };

  app.addHook('onReady', async () => {
    // A database that takes no writes yet (read-only, failing over) must not stop the start: the
    // health check says so, and the next drain writes them.
    await writeRecurring().catch((error: unknown) => app.log.warn({ err: error }, 'recurring jobs not written yet; the runner tries again'));
    if (!app.config.jobPollIntervalMs) return;
    stopLocalWake = onLocalEnqueue(kick);
    if (app.database.listen) {
      listener = app.database.listen(JOBS_CHANNEL, {
        onNotify: kick,
        // Jobs may have been written while nobody listened; the poll would find them, this is sooner.
        onUp: kick,
        onDown: (error) => app.log.warn({ err: error }, 'job listener down: jobs are found by polling until it is back'),
      });
    }
    timer = setInterval(kick, app.config.jobPollIntervalMs);
    // A pending poll must not keep a finished process (or a test run) alive.
    timer.unref();
    kick();
  });

  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    stopLocalWake?.();
    await listener?.close();
    // Jobs already claimed run to the end; anything not claimed waits for the next start.
    await running?.catch(() => undefined);
  });

  return runner;
}
