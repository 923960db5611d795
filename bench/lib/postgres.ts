import crypto from 'node:crypto';
import pg from 'pg';

/** A throwaway database on the given server: created for one bench run and dropped after it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Null when the server cannot be reached, so the bench can go on with SQLite alone. */
export async function createScratchDatabase(adminUrl: string, label: string): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `annadaan_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
