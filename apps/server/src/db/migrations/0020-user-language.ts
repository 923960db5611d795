import type { AppMigration } from './migration-helpers';

/**
 * The language a person chose for the app (issue 17; docs/decisions/031-languages-and-formats.md).
 * Null until they choose: the web app then follows the browser's language. No check constraint:
 * the contract's LanguageSchema guards every write, and a third language should not need a
 * migration.
 */
export const userLanguage: AppMigration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
  },
};
