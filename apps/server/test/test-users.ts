import crypto from 'node:crypto';
import { toIso } from '../src/lib/clock';
import { createSession } from '../src/modules/auth/sessions-repository';
import type { TestContext } from './test-app';

export interface TestUser {
  id: number;
  token: string;
  fullName: string;
  contactNumber: string;
  /** `authorization` header for `inject`. */
  headers: { authorization: string };
}

/**
 * A user row and a session, written straight to the database: these tests are about food, not
 * sign-up, which is built and tested on its own.
 */
export async function createTestUser(
  ctx: TestContext,
  { role = 'DONOR', fullName, contactNumber }: { role?: 'DONOR' | 'RECEIVER' | 'VOLUNTEER' | 'ADMIN'; fullName: string; contactNumber?: string },
): Promise<TestUser> {
  const now = ctx.clock.now();
  const phone = contactNumber ?? `+919${crypto.randomInt(100_000_000, 999_999_999)}`;
  const row = await ctx.database.db
    .insertInto('users')
    .values({
      full_name: fullName,
      email: `${crypto.randomUUID()}@example.test`,
      contact_number: phone,
      password_hash: 'not-a-real-hash',
      location: 'Pune 411001',
      role,
      fssai_license_number: null,
      address: '',
      alternate_contact: '',
      display_picture_url: '',
      profile_active: 1,
      created_at: toIso(now),
      updated_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(ctx.database.db, row.id, now);
  return { id: row.id, token, fullName, contactNumber: phone, headers: { authorization: `Bearer ${token}` } };
}
