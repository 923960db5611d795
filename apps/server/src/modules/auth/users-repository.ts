import { cityOf } from '@annadaan/contract/area';
import type { Role } from '@annadaan/contract/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** What sign-in and password changes need to know about an account. */
export interface Credentials {
  id: number;
  email: string;
  contactNumber: string;
  role: Role;
  passwordHash: string;
  deactivated: boolean;
  /** Until when an admin suspended the account (issue 16); null when not. */
  suspendedUntil: string | null;
  /** The language the person chose (migration 0020), null when none: account emails go out in it. */
  language: string | null;
}

export interface NewUser {
  fullName: string;
  email: string;
  contactNumber: string;
  passwordHash: string;
  location: string;
  role: Role;
  fssaiLicenseNumber: string | null;
  /** The terms version accepted at sign-up, recorded with the time of the insert; none for admins made on the command line. */
  termsVersion?: string | undefined;
}

export async function insertUser(db: Kysely<Database>, user: NewUser, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      full_name: user.fullName,
      email: user.email,
      contact_number: user.contactNumber,
      password_hash: user.passwordHash,
      location: user.location,
      city: cityOf(user.location),
      role: user.role,
      fssai_license_number: user.fssaiLicenseNumber,
      address: '',
      alternate_contact: '',
      display_picture_url: '',
      profile_active: 1,
      terms_version: user.termsVersion ?? null,
      terms_accepted_at: user.termsVersion === undefined ? null : toIso(now),
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function emailExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

const credentialColumns = [
  'id',
  'email',
  'contact_number as contactNumber',
  'role',
  'password_hash as passwordHash',
  'deactivated_at as deactivatedAt',
  'suspended_until as suspendedUntil',
  'language',
] as const;

type CredentialRow = {
  id: number;
  email: string;
  contactNumber: string;
  role: string;
  passwordHash: string;
  deactivatedAt: string | null;
  suspendedUntil: string | null;
  language: string | null;
};

function toCredentials(row: CredentialRow): Credentials {
  return {
    id: row.id,
    email: row.email,
    contactNumber: row.contactNumber,
    // The column's check constraint allows only the four roles.
    role: row.role as Role,
    passwordHash: row.passwordHash,
    deactivated: row.deactivatedAt !== null,
    suspendedUntil: row.suspendedUntil,
    language: row.language,
  };
}

export async function findCredentialsByEmail(db: Kysely<Database>, email: string): Promise<Credentials | null> {
  const row = await db.selectFrom('users').select(credentialColumns).where('email', '=', email).executeTakeFirst();
  return row ? toCredentials(row) : null;
}

export async function findCredentialsById(db: Kysely<Database>, id: number): Promise<Credentials | null> {
  const row = await db.selectFrom('users').select(credentialColumns).where('id', '=', id).executeTakeFirst();
  return row ? toCredentials(row) : null;
}

export async function updatePasswordHash(db: Kysely<Database>, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: toIso(now) })
    .where('id', '=', userId)
    .execute();
}
