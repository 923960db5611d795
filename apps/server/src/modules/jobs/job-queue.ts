import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

export interface NewJob {
  /** What runs it: the handler registered under this kind (app.jobs.handle). */
  kind: string;
  /** JSON: ids only, never secrets or private data (it sits in a table and in logs of failures). */
  payload: Record<string, unknown>;
  runAt: Date;
  /** At most one unfinished job per key: enqueueing a key that is still pending does nothing. */
  key?: string;
}

/** Processes' runners to wake when a job is written here (SQLite; PostgreSQL wakes through NOTIFY). */
const localWakers = new Set<() => void>();

/** A runner of this process asks to be woken when this process enqueues. */
export function onLocalEnqueue(wake: () => void): () => void {
  localWakers.add(wake);
  return () => localWakers.delete(wake);
}

/**
 * Writes jobs in the caller's transaction: they commit or roll back with the change that causes
 * them. The runners of this process are woken now; on SQLite their read queues behind this
 * transaction on the one connection, so they see the rows once committed. On PostgreSQL the insert
 * trigger notifies every instance at commit.
 */
export async function enqueueJobs(db: Db, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  // Wall time, for people reading the table; when a job runs is `run_at`, on the app's clock.
  const createdAt = toIso(new Date());
  await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({ kind: job.kind, payload: JSON.stringify(job.payload), run_at: toIso(job.runAt), key: job.key ?? null, created_at: createdAt })),
    )
    // The one unique index is the key's: a job already pending under it stays as it is.
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  for (const wake of localWakers) queueMicrotask(wake);
}

export async function enqueueJob(db: Db, job: NewJob): Promise<void> {
  await enqueueJobs(db, [job]);
}

/** Drops unfinished jobs by key (a reminder whose request was answered or withdrawn). */
export async function cancelJobs(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('jobs').where('key', 'in', keys).where('failed_at', 'is', null).execute();
}

/**
 * Deletes jobs by key, failed ones too: for data that must go entirely (an account being deleted),
 * since a failed job's error text may quote an address. In chunks, so no statement has too many parameters.
 */
export async function forgetJobs(db: Db, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 500) {
    await db
      .deleteFrom('jobs')
      .where('key', 'in', keys.slice(start, start + 500))
      .execute();
  }
}

/**
 * Removes a running job's row inside the handler's own transaction, so its effect and its end
 * commit together: a runner that dies after the commit leaves no job to run twice. False when the
 * row is already gone (another run finished it), and the handler should then roll back.
 */
export async function finishJobWith(trx: Db, jobId: number): Promise<boolean> {
  const result = await trx.deleteFrom('jobs').where('id', '=', jobId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
