import { isApprovedVolunteer } from '../volunteers/volunteers-service';
import type { Role } from '@annadaan/contract/common';
import type { DirectorySearchQuery } from '@annadaan/contract/directory';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface DirectoryRow {
  id: number;
  fullName: string;
  role: Role;
  location: string;
  profileActive: boolean;
  displayPictureUrl: string;
  email: string;
  contactNumber: string;
  showContactInDirectory: boolean;
  deactivated: boolean;
}

/** `%`, `_` and the escape character match literally in a LIKE pattern after this. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * One page of people matching the filters, by name. `includeHidden` (admins) also lists
 * deactivated and ADMIN accounts, which nobody else sees.
 */
export async function searchUsers(db: Db, query: DirectorySearchQuery, includeHidden: boolean): Promise<{ total: number; rows: DirectoryRow[] }> {
  const filtered = <O>(base: SelectQueryBuilder<Database, 'users', O>) => {
    let q = base.where('profile_active', '=', query.profileActive ? 1 : 0);
    if (!includeHidden) q = q.where('deactivated_at', 'is', null).where('role', '<>', 'ADMIN');
    // Issue 32: a volunteer is anyone an admin approved to carry food, whatever they signed up as.
    if (query.role === 'VOLUNTEER') q = q.where((eb) => eb.or([eb('role', '=', 'VOLUNTEER'), isApprovedVolunteer(eb.ref('users.id'))]));
    else if (query.role) q = q.where('role', '=', query.role);
    if (query.location) q = q.where(sql<boolean>`lower(${sql.ref('location')}) like ${containsPattern(query.location)} escape '!'`);
    return q;
  };
  const [count, rows] = await Promise.all([
    filtered(db.selectFrom('users').select((eb) => eb.fn.countAll().as('total'))).executeTakeFirstOrThrow(),
    filtered(
      db
        .selectFrom('users')
        .select([
          'id',
          'full_name as fullName',
          'role',
          'location',
          'profile_active as profileActive',
          'display_picture_url as displayPictureUrl',
          'email',
          'contact_number as contactNumber',
          'show_contact_in_directory as showContactInDirectory',
          'deactivated_at as deactivatedAt',
        ]),
    )
      .orderBy('full_name', 'asc')
      .orderBy('id', 'asc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      // The column's check constraint allows only the four roles.
      role: row.role as Role,
      location: row.location,
      profileActive: Number(row.profileActive) === 1,
      displayPictureUrl: row.displayPictureUrl,
      email: row.email,
      contactNumber: row.contactNumber,
      showContactInDirectory: Number(row.showContactInDirectory) === 1,
      deactivated: row.deactivatedAt !== null,
    })),
  };
}
