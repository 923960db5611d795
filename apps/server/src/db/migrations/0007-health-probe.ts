import type { AppMigration } from './migration-helpers';

/**
 * A table the readiness check writes one row into and rolls back, so `/api/health/ready` proves the
 * database takes writes (not only that it answers a `select 1`). It never holds a committed row.
 */
export const healthProbe: AppMigration = {
  async up(db) {
    await db.schema
      .createTable('health_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
  },
};
