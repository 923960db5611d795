import type { Profile } from '@annadaan/contract/auth';
import type { PickupInfo } from '@annadaan/contract/requests';
import { expect } from 'vitest';
import { STRONG_PASSWORD, bearer, freshAddress, registerPerson } from './accounts';
import { get, post } from './test-handover';
import type { TestContext } from './test-app';
import type { TestUser } from './test-users';

export interface Person extends TestUser {
  email: string;
}

/** Signs a person up through the API, as people do, and reads their id from their profile. */
export async function signUp(ctx: TestContext, fullName: string, role: 'DONOR' | 'RECEIVER', location: string): Promise<Person> {
  const person = await registerPerson(ctx, { fullName, role, location });
  const headers = bearer(person.token);
  const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
  expect(profile.statusCode, profile.body).toBe(200);
  const body = profile.json<Profile>();
  return { id: body.id, token: person.token, fullName, contactNumber: body.contactNumber, email: body.email, headers };
}

/** Signs in again (sessions end after a day idle), so a test can move the clock by months. */
export async function signInAgain(ctx: TestContext, person: Person): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: STRONG_PASSWORD },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  person.token = response.json<{ accessToken: string }>().accessToken;
  person.headers = bearer(person.token);
}

/** Donor accepts, receiver reads the code, donor confirms: the request is COMPLETED. */
export async function completeHandover(ctx: TestContext, donor: TestUser, receiver: TestUser, requestId: number) {
  const accepted = await post(ctx, `/api/requests/${requestId}/accept`, donor);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const info = await get(ctx, `/api/requests/${requestId}/pickup-code`, receiver);
  expect(info.statusCode, info.body).toBe(200);
  const confirmed = await post(ctx, `/api/requests/${requestId}/confirm-pickup`, donor, { pickupCode: info.json<PickupInfo>().pickupCode });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** A valid food-need payload; times are India time like the form sends them. */
export function foodNeed(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Chitra Rao',
    contactNumber: '9876543210',
    email: 'chitra@example.in',
    location: 'Shivajinagar, Pune 411005',
    geolocation: '18.5308,73.8475',
    requestedTime: '2026-06-01T18:00',
    requestExpiryTime: '2026-06-01T22:00',
    foodType: 'PRECOOKED',
    alternativeFood: 'Bread and fruit',
    numberOfPeople: 12,
    message: 'For a night shelter',
    foodDescription: 'Dinner, vegetarian',
    ...overrides,
  };
}
