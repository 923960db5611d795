import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/** A migration that may need to know the dialect for the few places where SQL differs. */
export interface AppMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** An auto-numbered integer primary key, written the way each dialect wants it. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
