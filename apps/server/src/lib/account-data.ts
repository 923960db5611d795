import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';

/** What an erasure knows besides the account's id. */
export interface Erasure {
  now: Date;
  /** The account's email before erasure: data sent without signing in (contact messages, sign-in throttles) carries only that. */
  email: string;
  /** Work that must wait until the erasure commits (files on disk cannot roll back). */
  afterCommit(task: () => Promise<void>): void;
  /** Deletes a stored file by key (the upload store's); call it from an afterCommit task. */
  deleteStoredFile(key: string): Promise<void>;
}

/**
 * One feature's share of an account: what it holds about the person (for the export file) and how
 * it erases it (inside the deletion's one transaction). Each feature module defines its own part
 * next to its repository; modules/account/account-parts.ts lists them in the order they run.
 * See docs/decisions/030-account-export-and-erasure.md.
 */
export interface AccountDataPart<T = unknown> {
  /** The export file's key for this part. */
  readonly key: string;
  /** What the part exports; the response schema is built from these, so it is an allowlist. */
  readonly schema: z.ZodType<T>;
  exportUserData(db: Kysely<Database>, userId: number, now: Date): Promise<T>;
  /**
   * Erases or anonymises the person's data, telling others what they need to know through the
   * notifications module; runs in the deletion's transaction, so it must not open its own.
   */
  eraseUserData(trx: Kysely<Database>, userId: number, erasure: Erasure): Promise<void>;
}

/** Types one part and hands it on as a member of the list. */
export function accountDataPart<T>(part: AccountDataPart<T>): AccountDataPart<T> {
  return part;
}

/** Rows per query when an export walks a paged list: each query stays bounded, the file complete. */
export const EXPORT_PAGE_SIZE = 500;

/** Every page of a paged list, one bounded query at a time. */
export async function allPages<T>(readPage: (page: { page: number; pageSize: number }) => Promise<{ total: number; items: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const found = await readPage({ page, pageSize: EXPORT_PAGE_SIZE });
    items.push(...found.items);
    if (found.items.length < EXPORT_PAGE_SIZE || items.length >= found.total) return items;
  }
}
