import { expect, it } from 'vitest';
import { MINUTE, toIso } from '../../lib/clock';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { LEASE_MS, MAX_ATTEMPTS, backoffMs } from './job-runner';
import { cancelJobs, enqueueJob, enqueueJobs } from './job-queue';

/** A handler kind of this test only, recording each payload it ran with (and failing when told). */
function recorder(ctx: TestContext, kind: string, fail: (payload: Record<string, unknown>, attempt: number) => boolean = () => false) {
  const runs: { payload: Record<string, unknown>; attempt: number }[] = [];
  ctx.app.jobs.handle(kind, async (payload, { attempt }) => {
    runs.push({ payload, attempt });
    if (fail(payload, attempt)) throw new Error(`${kind} failed on purpose`);
  });
  return runs;
}

async function jobRows(ctx: TestContext, kind: string) {
  return ctx.database.db
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'run_at', 'attempts', 'locked_until', 'last_error', 'failed_at', 'key'])
    .where('kind', '=', kind)
    .execute();
}

describeEachDatabase('job queue: written with the change, run by the runner', (ctx) => {
  it('runs a committed job once and leaves no row behind', async () => {
    const runs = recorder(ctx(), 'test-commit');
    await ctx()
      .database.db.transaction()
      .execute((trx) => enqueueJob(trx, { kind: 'test-commit', payload: { n: 1 }, runAt: ctx().clock.now() }));
    expect(await ctx().app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(runs).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    expect(await jobRows(ctx(), 'test-commit')).toEqual([]);
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(1);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const runs = recorder(ctx(), 'test-rollback');
    await expect(
      ctx()
        .database.db.transaction()
        .execute(async (trx) => {
          await enqueueJob(trx, { kind: 'test-rollback', payload: {}, runAt: ctx().clock.now() });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    await ctx().app.jobs.runDue();
    expect(runs).toEqual([]);
    expect(await jobRows(ctx(), 'test-rollback')).toEqual([]);
  });

  it('waits for run_at by the app clock', async () => {
    const runs = recorder(ctx(), 'test-later');
    await enqueueJob(ctx().database.db, { kind: 'test-later', payload: {}, runAt: new Date(ctx().clock.now().getTime() + 30 * MINUTE) });
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(0);
    ctx().clock.advance(30 * MINUTE);
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(1);
  });

  it('keeps one unfinished job per key, and cancels by key', async () => {
    const runs = recorder(ctx(), 'test-keyed');
    const later = new Date(ctx().clock.now().getTime() + 5 * MINUTE);
    await enqueueJobs(ctx().database.db, [
      { kind: 'test-keyed', payload: { n: 1 }, runAt: later, key: 'test-keyed:a' },
      { kind: 'test-keyed', payload: { n: 2 }, runAt: later, key: 'test-keyed:a' },
      { kind: 'test-keyed', payload: { n: 3 }, runAt: later, key: 'test-keyed:b' },
    ]);
    await enqueueJob(ctx().database.db, { kind: 'test-keyed', payload: { n: 4 }, runAt: later, key: 'test-keyed:b' });
    const rows = await jobRows(ctx(), 'test-keyed');
    expect(rows.map((row) => JSON.parse(row.payload)).sort((a, b) => a.n - b.n)).toEqual([{ n: 1 }, { n: 3 }]);
    await cancelJobs(ctx().database.db, ['test-keyed:b']);
    ctx().clock.advance(5 * MINUTE);
    await ctx().app.jobs.runDue();
    expect(runs.map((run) => run.payload)).toEqual([{ n: 1 }]);
    // Finished, the key is free again.
    await enqueueJob(ctx().database.db, { kind: 'test-keyed', payload: { n: 5 }, runAt: ctx().clock.now(), key: 'test-keyed:a' });
    await ctx().app.jobs.runDue();
    expect(runs.map((run) => run.payload)).toEqual([{ n: 1 }, { n: 5 }]);
  });

  it('retries a failing job with growing backoff, then keeps it as failed with its error', async () => {
    const runs = recorder(ctx(), 'test-failing', () => true);
    await enqueueJob(ctx().database.db, { kind: 'test-failing', payload: {}, runAt: ctx().clock.now() });
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(1);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const [row] = await jobRows(ctx(), 'test-failing');
      expect(row?.run_at).toBe(toIso(new Date(ctx().clock.now().getTime() + backoffMs(attempt))));
      expect(row?.last_error).toBe('test-failing failed on purpose');
      // Not a moment before its time.
      ctx().clock.advance(backoffMs(attempt) - 1);
      await ctx().app.jobs.runDue();
      expect(runs).toHaveLength(attempt);
      ctx().clock.advance(1);
      await ctx().app.jobs.runDue();
      expect(runs).toHaveLength(attempt + 1);
    }
    expect(runs.map((run) => run.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, index) => index + 1));
    const [row] = await jobRows(ctx(), 'test-failing');
    expect(row?.failed_at).toBe(toIso(ctx().clock.now()));
    ctx().clock.advance(24 * 60 * MINUTE);
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(MAX_ATTEMPTS);
    expect(
      ctx()
        .logs()
        .some((line) => line.includes('job failed for the last time')),
    ).toBe(true);
  });

  it('runs a job again later, without counting a failure, when its handler asks', async () => {
    let calls = 0;
    ctx().app.jobs.handle('test-defer', async (_payload, { attempt, now }) => {
      calls++;
      expect(attempt).toBe(1);
      if (calls === 1) return { retryAt: new Date(now.getTime() + 10 * MINUTE) };
    });
    await enqueueJob(ctx().database.db, { kind: 'test-defer', payload: {}, runAt: ctx().clock.now() });
    await ctx().app.jobs.runDue();
    expect(calls).toBe(1);
    expect((await jobRows(ctx(), 'test-defer'))[0]?.attempts).toBe(0);
    ctx().clock.advance(10 * MINUTE);
    await ctx().app.jobs.runDue();
    expect(calls).toBe(2);
    expect(await jobRows(ctx(), 'test-defer')).toEqual([]);
  });

  it('takes over a job whose runner died holding it once the lease runs out', async () => {
    const runs = recorder(ctx(), 'test-abandoned');
    await enqueueJob(ctx().database.db, { kind: 'test-abandoned', payload: {}, runAt: ctx().clock.now() });
    // What a runner killed mid-job leaves: the claim (lease and attempt) and no outcome.
    await ctx()
      .database.db.updateTable('jobs')
      .set({ locked_until: toIso(new Date(ctx().clock.now().getTime() + LEASE_MS)), attempts: 1 })
      .where('kind', '=', 'test-abandoned')
      .execute();
    await ctx().app.jobs.runDue();
    expect(runs).toHaveLength(0);
    ctx().clock.advance(LEASE_MS);
    await ctx().app.jobs.runDue();
    expect(runs).toEqual([{ payload: {}, attempt: 2 }]);
  });

  it('keeps a job of an unknown kind for later instead of losing it', async () => {
    await enqueueJob(ctx().database.db, { kind: 'test-nobody-handles', payload: {}, runAt: ctx().clock.now() });
    await ctx().app.jobs.runDue();
    const [row] = await jobRows(ctx(), 'test-nobody-handles');
    expect(row?.last_error).toBe('No handler for jobs of kind test-nobody-handles.');
    expect(row?.failed_at).toBeNull();
  });

  it('runs the expiry sweep as one recurring job, rescheduled after each run', async () => {
    const key = 'every:donation-expiry-sweep';
    const rows = await ctx().database.db.selectFrom('jobs').select(['run_at', 'failed_at']).where('key', '=', key).execute();
    expect(rows).toHaveLength(1);
    const due = new Date(rows[0]?.run_at ?? '');
    if (due > ctx().clock.now()) ctx().clock.set(due);
    await ctx().app.jobs.runDue();
    const [after] = await ctx().database.db.selectFrom('jobs').select(['run_at', 'attempts']).where('key', '=', key).execute();
    expect(after?.run_at).toBe(toIso(new Date(ctx().clock.now().getTime() + ctx().config.expirySweepIntervalMs)));
    expect(Number(after?.attempts)).toBe(0);
  });
});

describeEachDatabase('job queue: several instances on one PostgreSQL', (ctx) => {
  it('runs each of 200 jobs exactly once when two instances drain together', async () => {
    const other = await ctx().secondInstance();
    if (!other) {
      expect(ctx().dialect).toBe('sqlite');
      return;
    }
    const ran: number[] = [];
    for (const app of [ctx().app, other]) {
      app.jobs.handle('test-shared', async (payload) => {
        ran.push(Number(payload.n));
      });
    }
    await enqueueJobs(
      ctx().database.db,
      Array.from({ length: 200 }, (_, n) => ({ kind: 'test-shared', payload: { n }, runAt: ctx().clock.now() })),
    );
    const counts = await Promise.all([ctx().app.jobs.runDue(), other.jobs.runDue(), ctx().app.jobs.runDue(), other.jobs.runDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(200);
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });
});

/** A job that resolves `ran` with the instance that ran it. */
function awaitRun(apps: { name: string; app: TestContext['app'] }[], kind: string) {
  return new Promise<string>((resolve) => {
    for (const { name, app } of apps) {
      app.jobs.handle(kind, async () => {
        resolve(name);
      });
    }
  });
}

describeEachDatabase(
  'job queue: the runner wakes by itself',
  (ctx) => {
    it('runs a job enqueued in this process without waiting for a poll', async () => {
      const ran = awaitRun([{ name: 'this', app: ctx().app }], 'test-wake-local');
      await ctx()
        .database.db.transaction()
        .execute((trx) => enqueueJob(trx, { kind: 'test-wake-local', payload: {}, runAt: ctx().clock.now() }));
      expect(await ran).toBe('this');
    });

    it('on PostgreSQL, wakes the instances through NOTIFY when another process commits a job', async () => {
      const other = await ctx().secondInstance();
      if (!other) {
        expect(ctx().dialect).toBe('sqlite');
        return;
      }
      const ran = awaitRun(
        [
          { name: 'first', app: ctx().app },
          { name: 'second', app: other },
        ],
        'test-wake-notify',
      );
      // A plain insert, as another process would make it: no local wake, the poll is an hour away.
      await ctx()
        .database.db.insertInto('jobs')
        .values({ kind: 'test-wake-notify', payload: '{}', run_at: toIso(ctx().clock.now()), key: null, created_at: toIso(ctx().clock.now()) })
        .execute();
      expect(['first', 'second']).toContain(await ran);
    });
  },
  { JOB_POLL_INTERVAL_MS: '3600000' },
);
