import crypto from 'node:crypto';
import { createSession } from '../src/modules/auth/sessions-repository';
import { insertUser } from '../src/modules/auth/users-repository';
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
  {
    role = 'DONOR',
    fullName,
    contactNumber,
    location = 'Pune 411001',
  }: { role?: 'DONOR' | 'RECEIVER' | 'VOLUNTEER' | 'ADMIN'; fullName: string; contactNumber?: string; location?: string },
): Promise<TestUser> {
  const now = ctx.clock.now();
  const phone = contactNumber ?? `+919${crypto.randomInt(100_000_000, 999_999_999)}`;
  const id = await insertUser(
    ctx.database.db,
    {
      fullName,
      email: `${crypto.randomUUID()}@example.test`,
      contactNumber: phone,
      passwordHash: 'not-a-real-hash',
      location,
      role,
      fssaiLicenseNumber: null,
    },
    now,
  );
  const token = await createSession(ctx.database.db, id, now);
  return { id, token, fullName, contactNumber: phone, headers: { authorization: `Bearer ${token}` } };
}
