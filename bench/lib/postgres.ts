import { type ScratchDatabase, createScratchDatabase } from '../../apps/server/test/scratch-database';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway bench database, or null when the server cannot be reached (the bench goes on with SQLite). */
export async function createBenchDatabase(adminUrl: string, label: string): Promise<ScratchDatabase | null> {
  try {
    return await createScratchDatabase(adminUrl, `annadaan_bench_${label}`);
  } catch {
    return null;
  }
}
