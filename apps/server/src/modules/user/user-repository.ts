import { cityOf } from '@annadaan/contract/area';
import type { Profile } from '@annadaan/contract/auth';
import { type Role, nationalMobile } from '@annadaan/contract/common';
import { type Language, isLanguage } from '@annadaan/contract/language';
import type { Kysely } from 'kysely';
import type { Database, UserUpdate } from '../../db/schema';
import { toIso } from '../../lib/clock';

export async function findProfile(db: Kysely<Database>, userId: number): Promise<Profile | null> {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'full_name as fullName',
      'email',
      'contact_number as contactNumber',
      'location',
      'role',
      'profile_active as profileActive',
      'fssai_license_number as fssaiLicenseNumber',
      'show_contact_in_directory as showContactInDirectory',
      'address',
      'alternate_contact as alternateContact',
      'display_picture_url as displayPictureUrl',
      'language',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    contactNumber: nationalMobile(row.contactNumber),
    location: row.location,
    // The column's check constraint allows only the four roles.
    role: row.role as Role,
    profileActive: Number(row.profileActive) === 1,
    fssaiLicenseNumber: row.fssaiLicenseNumber,
    showContactInDirectory: Number(row.showContactInDirectory) === 1,
    userData: { address: row.address, alternateContact: nationalMobile(row.alternateContact), displayPictureUrl: row.displayPictureUrl },
    language: isLanguage(row.language) ? row.language : null,
  };
}

export interface ProfileChanges {
  fullName?: string | undefined;
  contactNumber?: string | undefined;
  location?: string | undefined;
  address?: string | undefined;
  alternateContact?: string | undefined;
  displayPictureUrl?: string | undefined;
  profileActive?: boolean | undefined;
  showContactInDirectory?: boolean | undefined;
  language?: Language | undefined;
}

/** Applies only the fields given; email, role and id are not among them by design. */
export async function updateProfile(db: Kysely<Database>, userId: number, changes: ProfileChanges, now: Date): Promise<void> {
  const set: UserUpdate = { updated_at: toIso(now) };
  if (changes.fullName !== undefined) set.full_name = changes.fullName;
  if (changes.contactNumber !== undefined) {
    set.contact_number = changes.contactNumber;
    // A new number is not verified (decision 049): WhatsApp and SMS stop until it is; the same number keeps its proof.
    await db.updateTable('users').set({ phone_verified_at: null }).where('id', '=', userId).where('contact_number', '<>', changes.contactNumber).execute();
  }
  if (changes.location !== undefined) {
    set.location = changes.location;
    set.city = cityOf(changes.location);
  }
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.alternateContact !== undefined) set.alternate_contact = changes.alternateContact;
  if (changes.displayPictureUrl !== undefined) set.display_picture_url = changes.displayPictureUrl;
  if (changes.profileActive !== undefined) set.profile_active = changes.profileActive ? 1 : 0;
  if (changes.showContactInDirectory !== undefined) set.show_contact_in_directory = changes.showContactInDirectory ? 1 : 0;
  if (changes.language !== undefined) set.language = changes.language;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

/** True when the named file was uploaded by this user. */
export async function ownsUpload(db: Kysely<Database>, userId: number, fileName: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('id').where('file_name', '=', fileName).where('owner_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** When the account was made and which terms it accepted then (null before versions were kept). */
export async function findAccountRecord(
  db: Kysely<Database>,
  userId: number,
): Promise<{ createdAt: string; termsVersion: string | null; termsAcceptedAt: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select(['created_at as createdAt', 'terms_version as termsVersion', 'terms_accepted_at as termsAcceptedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The account row stays, so ratings and completed handovers keep pointing at someone, but nothing
 * in it names or reaches the person: the name becomes `deletedName`, the email a placeholder that
 * no one can sign in with (the real one is free for a new account), the password hash one that
 * matches no password. Deactivated too, so every list that hides deactivated accounts hides it.
 */
export async function anonymiseUser(db: Kysely<Database>, userId: number, deletedName: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({
      full_name: deletedName,
      email: `deleted-${userId}@deleted.invalid`,
      contact_number: '',
      password_hash: '',
      location: '',
      city: '',
      address: '',
      alternate_contact: '',
      display_picture_url: '',
      fssai_license_number: null,
      profile_active: 0,
      show_contact_in_directory: 0,
      language: null,
      deactivated_at: toIso(now),
      deleted_at: toIso(now),
      updated_at: toIso(now),
    })
    .where('id', '=', userId)
    .execute();
}
