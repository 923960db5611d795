import type { CreateDonationInput, Donation } from '@annadaan/contract/donations';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { expect } from 'vitest';
import type { TestContext } from './test-app';
import { type TestUser, createTestUser } from './test-users';

export const baseDonation = {
  foodName: 'Veg biryani',
  description: 'Made at noon, packed in boxes',
  quantity: '10 plates',
  location: 'Shop 4, MG Road, Pune 411001',
  geolocation: '18.5204,73.8567',
  refrigerationAvailable: false,
} satisfies CreateDonationInput;

export async function donate(ctx: TestContext, donor: TestUser, overrides: Partial<CreateDonationInput> = {}): Promise<Donation> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/donations', headers: donor.headers, payload: { ...baseDonation, ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Donation>();
}

export async function requestDonation(ctx: TestContext, receiver: TestUser, donationId: number, paymentMethod = ''): Promise<DonationRequest> {
  const response = await ctx.app.inject({ method: 'POST', url: `/api/requests/create/${donationId}`, headers: receiver.headers, payload: { paymentMethod } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DonationRequest>();
}

export async function post(ctx: TestContext, url: string, user?: TestUser, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });
}

export async function get(ctx: TestContext, url: string, user?: TestUser) {
  return ctx.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
}

/** A donor, a receiver and a stranger, with one donation and one PENDING request. */
export async function scenario(ctx: TestContext, label: string, overrides: Partial<CreateDonationInput> = {}) {
  const donor = await createTestUser(ctx, { role: 'DONOR', fullName: `Donor ${label}` });
  const receiver = await createTestUser(ctx, { role: 'RECEIVER', fullName: `Receiver ${label}` });
  const stranger = await createTestUser(ctx, { role: 'RECEIVER', fullName: `Stranger ${label}` });
  const donation = await donate(ctx, donor, overrides);
  const request = await requestDonation(ctx, receiver, donation.id);
  return { donor, receiver, stranger, donation, request };
}

/** The scenario, accepted: the request is AWAITING_PICKUP and the receiver has read the code. */
export async function acceptedScenario(ctx: TestContext, label: string, overrides: Partial<CreateDonationInput> = {}) {
  const parts = await scenario(ctx, label, overrides);
  const accepted = await post(ctx, `/api/requests/${parts.request.id}/accept`, parts.donor);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const info = await get(ctx, `/api/requests/${parts.request.id}/pickup-code`, parts.receiver);
  expect(info.statusCode, info.body).toBe(200);
  return { ...parts, code: info.json<PickupInfo>().pickupCode };
}

export async function donationStatus(ctx: TestContext, id: number): Promise<string> {
  const row = await ctx.database.db.selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

export async function requestRow(ctx: TestContext, id: number) {
  return ctx.database.db
    .selectFrom('donation_requests')
    .select(['status', 'pickup_code', 'failed_attempts', 'codes_issued'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Any code but the right one. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
