import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are UTC ISO 8601 strings with `Z` (fixed width, so they sort and compare
 * as text on both dialects); booleans are 0/1 integers. See docs/decisions/002-portable-schema.md.
 */
export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  contact_number: string;
  password_hash: string;
  location: string;
  role: string;
  fssai_license_number: string | null;
  address: string;
  alternate_contact: string;
  display_picture_url: string;
  profile_active: number;
  /** Set by an admin; a deactivated account cannot sign in and its sessions stop working. */
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  failed_attempts: number;
  used_at: string | null;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  file_name: string;
  bytes: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  password_resets: PasswordResetsTable;
  uploads: UploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
