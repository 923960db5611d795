/** True when the database refused a write because of a unique constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // 23505: PostgreSQL unique_violation; SQLITE_CONSTRAINT_UNIQUE: better-sqlite3's extended code.
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
