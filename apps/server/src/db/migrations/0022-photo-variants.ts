import type { AppMigration } from './migration-helpers';

/**
 * Photos in several widths (issue 18; docs/decisions/036-photo-variants-and-illustrations.md).
 * An upload made from now on records its largest variant's size, a tiny blurred placeholder (a
 * data URI) and its variants as JSON text: `{ "webp": [[key, width], ...], "avif": [...] }`,
 * each key a content hash the upload store holds. Rows from before keep all four null: their one
 * WebP file (`file_name`) is served as a single-source picture.
 */
export const photoVariants: AppMigration = {
  async up(db) {
    await db.schema.alterTable('uploads').addColumn('width', 'integer').execute();
    await db.schema.alterTable('uploads').addColumn('height', 'integer').execute();
    await db.schema.alterTable('uploads').addColumn('placeholder', 'text').execute();
    await db.schema.alterTable('uploads').addColumn('variants', 'text').execute();
  },
};
