import { cityOf } from '@annadaan/contract/area';
import type { Profile } from '@annadaan/contract/auth';
import { type Role, nationalMobile } from '@annadaan/contract/common';
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
}

/** Applies only the fields given; email, role and id are not among them by design. */
export async function updateProfile(db: Kysely<Database>, userId: number, changes: ProfileChanges, now: Date): Promise<void> {
  const set: UserUpdate = { updated_at: toIso(now) };
  if (changes.fullName !== undefined) set.full_name = changes.fullName;
  if (changes.contactNumber !== undefined) set.contact_number = changes.contactNumber;
  if (changes.location !== undefined) {
    set.location = changes.location;
    set.city = cityOf(changes.location);
  }
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.alternateContact !== undefined) set.alternate_contact = changes.alternateContact;
  if (changes.displayPictureUrl !== undefined) set.display_picture_url = changes.displayPictureUrl;
  if (changes.profileActive !== undefined) set.profile_active = changes.profileActive ? 1 : 0;
  if (changes.showContactInDirectory !== undefined) set.show_contact_in_directory = changes.showContactInDirectory ? 1 : 0;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

/** True when the named file was uploaded by this user. */
export async function ownsUpload(db: Kysely<Database>, userId: number, fileName: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('id').where('file_name', '=', fileName).where('owner_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
