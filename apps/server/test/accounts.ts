import crypto from 'node:crypto';
import type { RegisterInput } from '@annadaan/contract/auth';
import type { TestContext } from './test-app';

/** A distinct client address, so the per-address sign-up and login limits do not couple tests. */
export function freshAddress(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export const STRONG_PASSWORD = 'Tamarind-Sunrise-42';

let counter = 0;

/** A valid registration body with a unique email and phone number. */
export function newPerson(overrides: Partial<RegisterInput> = {}): RegisterInput & { email: string; password: string } {
  counter += 1;
  const unique = `${Date.now() % 100_000}${counter}`.padStart(8, '0').slice(-8);
  return {
    fullName: 'Asha Verma',
    contactNumber: `98${unique}`,
    email: `asha${unique}@example.in`,
    password: STRONG_PASSWORD,
    location: 'Koramangala, Bengaluru 560034',
    role: 'DONOR',
    ...overrides,
  } as RegisterInput & { email: string; password: string };
}

/** Registers a person and returns their details and token. */
export async function registerPerson(ctx: TestContext, overrides: Partial<RegisterInput> = {}) {
  const person = newPerson(overrides);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: person, remoteAddress: freshAddress() });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ accessToken: string; role: string }>();
  return { ...person, token: body.accessToken, role: body.role };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
