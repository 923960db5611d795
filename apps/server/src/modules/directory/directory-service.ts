import { nationalMobile } from '@annadaan/contract/common';
import { type DirectorySearchQuery, type DirectoryUser, maskEmail, maskPhone } from '@annadaan/contract/directory';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SessionUser } from '../auth/sessions-repository';
import { type DirectoryRow, searchUsers } from './directory-repository';

/** Contacts are real for the person who opted in, for admins, and on one's own card; masked otherwise. */
export function toCard(row: DirectoryRow, viewer: SessionUser): DirectoryUser {
  const visible = row.showContactInDirectory || viewer.role === 'ADMIN' || row.id === viewer.userId;
  return {
    id: row.id,
    fullName: row.fullName,
    role: row.role,
    location: row.location,
    profileActive: row.profileActive,
    displayPictureUrl: row.displayPictureUrl,
    email: visible ? row.email : maskEmail(row.email),
    contactNumber: visible ? nationalMobile(row.contactNumber) : maskPhone(row.contactNumber),
    contactVisible: visible,
    deactivated: row.deactivated,
  };
}

export async function searchDirectory(db: Kysely<Database>, viewer: SessionUser, query: DirectorySearchQuery) {
  const { total, rows } = await searchUsers(db, query, viewer.role === 'ADMIN');
  return { total, cards: rows.map((row) => toCard(row, viewer)) };
}
