/** True when a write broke a unique constraint or unique index, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  // 23505 is PostgreSQL's unique_violation; better-sqlite3 names the extended result code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when a write was refused for lack of space: SQLite's SQLITE_FULL (disk full, or the file at
 * its `max_page_count`), PostgreSQL's disk_full (53100), or the file system's ENOSPC (the upload
 * folder). Looks one `cause` deep, where a library wraps the database's error.
 */
export function isOutOfSpace(error: unknown): boolean {
  for (let value = error, depth = 0; depth < 2 && typeof value === 'object' && value !== null; depth += 1) {
    const code = (value as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
    value = (value as { cause?: unknown }).cause;
  }
  return false;
}
