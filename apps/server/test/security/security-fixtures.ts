import type { PickupInfo } from '@annadaan/contract/requests';
import { VOLUNTEER_TERMS_VERSION, WALKTHROUGH } from '@annadaan/contract/runs';
import sharp from 'sharp';
import { STRONG_PASSWORD, freshAddress } from '../accounts';
import type { TestContext } from '../test-app';
import { baseDonation } from '../test-handover';
import { type Person, foodNeed, signUp } from '../test-people';
import { createSession } from '../../src/modules/auth/sessions-repository';
import { isOutboxNotifier } from '../../src/modules/notifications/notifier';

/** The people of the checks, all signed up through the API (the admin is promoted afterwards: no route makes admins). */
export interface World {
  ctx: TestContext;
  /** Owns the donations and needs; the donor of every request. */
  owner: Person;
  /** Asks for the owner's donations. */
  receiver: Person;
  /** Signed in, unrelated to everything the others own. */
  other: Person;
  admin: Person;
}

let counter = 0;
const label = (prefix: string) => `${prefix} ${(counter += 1)}`;

export async function buildWorld(ctx: TestContext): Promise<World> {
  const owner = await signUp(ctx, 'Owner Asha', 'DONOR', 'Koramangala, Bengaluru 560034');
  const receiver = await signUp(ctx, 'Receiver Ravi', 'RECEIVER', 'Shivajinagar, Pune 411005');
  const other = await signUp(ctx, 'Other Omar', 'RECEIVER', 'Andheri, Mumbai 400053');
  const admin = await freshAccount(ctx, 'ADMIN');
  return { ctx, owner, receiver, other, admin };
}

/** A new account; ADMIN is promoted in the database, since sign-up offers only donor and receiver. */
export async function freshAccount(ctx: TestContext, role: 'DONOR' | 'RECEIVER' | 'ADMIN' = 'DONOR'): Promise<Person> {
  const person = await signUp(ctx, label('Fresh'), role === 'ADMIN' ? 'DONOR' : role, 'Baner, Pune 411045');
  if (role === 'ADMIN') await ctx.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', person.id).execute();
  return person;
}

/** Another session of the same person, so a call that ends a session leaves the others working. */
export async function freshSession(ctx: TestContext, person: Person): Promise<Person> {
  const token = await createSession(ctx.database.db, person.id, ctx.clock.now());
  return { ...person, token, headers: { authorization: `Bearer ${token}` } };
}

/** The checks create far more objects per person than an hour's caps allow; throttles have their own tests. */
export async function clearThrottles(ctx: TestContext): Promise<void> {
  await ctx.database.db.deleteFrom('rate_limits').execute();
}

async function call(ctx: TestContext, method: 'GET' | 'POST', url: string, person: Person, payload?: object) {
  const response = await ctx.app.inject({ method, url, headers: person.headers, remoteAddress: freshAddress(), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<Record<string, unknown>>();
}

export async function makeAlert(world: World, receiver: Person): Promise<number> {
  const body = await call(world.ctx, 'POST', '/api/alerts', receiver, { lat: 18.52, lng: 73.85, radiusKm: 5, label: 'Home' });
  return Number(body.id);
}

export async function makeDonation(world: World, donor: Person = world.owner): Promise<number> {
  const body = await call(world.ctx, 'POST', '/api/donations', donor, { ...baseDonation, foodName: label('Dal rice') });
  return Number(body.id);
}

export async function pendingRequest(world: World) {
  const donationId = await makeDonation(world);
  const body = await call(world.ctx, 'POST', `/api/requests/create/${donationId}`, world.receiver, { paymentMethod: '' });
  return { donationId, requestId: Number(body.id) };
}

export async function acceptedRequest(world: World) {
  const request = await pendingRequest(world);
  await call(world.ctx, 'POST', `/api/requests/${request.requestId}/accept`, world.owner);
  const info = (await call(world.ctx, 'GET', `/api/requests/${request.requestId}/pickup-code`, world.receiver)) as unknown as PickupInfo;
  return { ...request, pickupCode: info.pickupCode };
}

export async function completedRequest(world: World) {
  const request = await acceptedRequest(world);
  await call(world.ctx, 'POST', `/api/requests/${request.requestId}/confirm-pickup`, world.owner, { pickupCode: request.pickupCode });
  return request;
}

/** Issue 33: food in 2 portions, all taken by the world's receiver, so anyone else may only wait in line. */
export async function fullPortionedDonation(world: World) {
  const body = await call(world.ctx, 'POST', '/api/donations', world.owner, {
    ...baseDonation,
    foodName: label('Wedding biryani'),
    portions: { total: 2, unit: 'PLATE', maxPerRequest: 2 },
  });
  const donationId = Number(body.id);
  const request = await call(world.ctx, 'POST', `/api/requests/create/${donationId}`, world.receiver, { paymentMethod: '', portions: 2 });
  await call(world.ctx, 'POST', `/api/requests/${String(request.id)}/accept`, world.owner);
  return { donationId, requestId: Number(request.id) };
}

/** Issue 33: a fresh person first in line, offered the portions the world's receiver gave back. */
export async function waitlistOffer(world: World) {
  const { donationId, requestId } = await fullPortionedDonation(world);
  const person = await freshAccount(world.ctx, 'RECEIVER');
  const entry = await call(world.ctx, 'POST', `/api/donations/${donationId}/waitlist`, person, { portions: 1 });
  await call(world.ctx, 'POST', `/api/requests/${requestId}/cancel`, world.receiver);
  return { entryId: Number(entry.id), person };
}

export async function makeFoodNeed(world: World, requester: Person = world.owner): Promise<number> {
  const body = await call(world.ctx, 'POST', '/api/food-requests/create', requester, foodNeed());
  return Number(body.id);
}

/**
 * A multipart body carrying a small, real PNG in the field "file". Each call's colour differs: the
 * same picture uploaded twice by one person is one upload (its name is its content's hash).
 */
export async function pictureUpload() {
  counter += 1;
  const tinyPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: (counter * 53) % 256, g: (counter * 97) % 256, b: 40 } } })
    .png()
    .toBuffer();
  const boundary = `----annadaan-security-${counter}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="food.png"\r\nContent-Type: image/png\r\n\r\n`),
    tinyPng,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Stores a picture as `person` and returns its file name (the `{name}` of /uploads/{name}). */
export async function makeUpload(world: World, person: Person = world.owner): Promise<string> {
  const { payload, contentType } = await pictureUpload();
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...person.headers, 'content-type': contentType },
    payload,
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`fixture upload: ${response.statusCode} ${response.body}`);
  return response.json<{ url: string }>().url.replace('/uploads/', '');
}

/** Asks for a reset code for `person` and reads it from the dev outbox notifier. */
export async function resetCodeFor(world: World, person: Person): Promise<string> {
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: person.email, contactNumber: person.contactNumber },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`fixture forgot-password: ${response.statusCode} ${response.body}`);
  const notifier = world.ctx.app.notifier;
  if (!isOutboxNotifier(notifier)) throw new Error('The app does not use the outbox notifier.');
  const message = notifier
    .messages()
    .filter((sent) => sent.email === person.email && /reset code is \d{6}/.test(sent.text))
    .at(-1);
  const code = message?.text.match(/reset code is (\d{6})/)?.[1];
  if (!code) throw new Error('No reset code in the outbox.');
  return code;
}

export { STRONG_PASSWORD };

/** An approved volunteer whose area covers the world's pickups in Pune (issue 32). */
export async function approvedVolunteer(world: World): Promise<Person> {
  const person = await freshAccount(world.ctx, 'RECEIVER');
  const answers = Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer]));
  const applied = await world.ctx.app.inject({
    method: 'PUT',
    url: '/api/volunteer/me',
    headers: person.headers,
    remoteAddress: freshAddress(),
    payload: { answers, termsVersion: VOLUNTEER_TERMS_VERSION, areaLabel: 'Pune', geolocation: '18.52,73.85', radiusKm: 10, travelMode: 'CYCLE' },
  });
  if (applied.statusCode !== 200) throw new Error(`fixture volunteer: ${applied.statusCode} ${applied.body}`);
  await world.ctx.database.db.updateTable('volunteers').set({ status: 'APPROVED' }).where('user_id', '=', person.id).execute();
  return person;
}

/** An accepted "Please deliver" request of the world's receiver on the owner's food: its open run. */
export async function openRun(world: World) {
  const donation = await call(world.ctx, 'POST', '/api/donations', world.owner, { ...baseDonation, foodName: label('Khichdi'), deliveryType: 'ANY' });
  const request = await call(world.ctx, 'POST', `/api/requests/create/${Number(donation.id)}`, world.receiver, {
    delivery: 'DELIVER',
    dropoff: { address: 'Night shelter, Kothrud, Pune 411038', geolocation: '18.5074,73.8077' },
  });
  const accepted = await call(world.ctx, 'POST', `/api/requests/${Number(request.id)}/accept`, world.owner);
  const info = (await call(world.ctx, 'GET', `/api/requests/${Number(request.id)}/pickup-code`, world.receiver)) as unknown as PickupInfo;
  return { runId: Number(accepted.runId), requestId: Number(request.id), pickupCode: info.pickupCode };
}

/** The open run, claimed by a fresh approved volunteer; with the handover code the donor enters. */
export async function claimedRun(world: World) {
  const run = await openRun(world);
  const volunteer = await approvedVolunteer(world);
  const claimed = await call(world.ctx, 'POST', `/api/runs/${run.runId}/claim`, volunteer);
  return { ...run, volunteer, handoverCode: String(claimed.handoverCode) };
}

/** The claimed run, picked up; `delivered` also delivers it. */
export async function pickedUpRun(world: World, delivered = false) {
  const run = await claimedRun(world);
  await call(world.ctx, 'POST', `/api/runs/${run.runId}/pickup`, world.owner, { handoverCode: run.handoverCode });
  if (delivered) await call(world.ctx, 'POST', `/api/runs/${run.runId}/deliver`, run.volunteer, { pickupCode: run.pickupCode });
  return run;
}

export const ORGANISATION_BODY = { name: 'Roti Bank', kind: 'NGO', city: 'Pune', pinCode: '411001', fssaiNumber: '', darpanId: 'MH/2017/0123456' };

/** Issue 32: an organisation the coordinator (the world's owner by default) runs; clears the creation limit first. */
export async function makeOrganisation(world: World, coordinator: Person = world.owner): Promise<number> {
  await world.ctx.database.db.deleteFrom('rate_limits').where('key', 'like', 'organisation%').execute();
  const body = await call(world.ctx, 'POST', '/api/organisations', coordinator, { ...ORGANISATION_BODY, name: label('Roti Bank') });
  return Number(body.id);
}

/** A new single-use link to an organisation, and its token. */
export async function organisationLink(world: World, organisationId: number, coordinator: Person = world.owner): Promise<{ id: number; token: string }> {
  const body = await call(world.ctx, 'POST', `/api/organisations/${organisationId}/invites`, coordinator, {});
  return { id: Number(body.id), token: String(body.token) };
}

/** An organisation of the owner's with one more member (a fresh account), for role changes and removals. */
export async function organisationWithMember(world: World): Promise<{ organisationId: number; memberId: number }> {
  const organisationId = await makeOrganisation(world);
  const member = await freshAccount(world.ctx);
  const { token } = await organisationLink(world, organisationId);
  await call(world.ctx, 'POST', '/api/organisations/join', member, { token });
  return { organisationId, memberId: member.id };
}

/** A verified organisation of the owner's with a member who applied to volunteer (issue 32: a coordinator approves them). */
export async function organisationWithApplicant(world: World): Promise<{ organisationId: number; applicantId: number }> {
  const organisationId = await makeOrganisation(world);
  await world.ctx.database.db.updateTable('organisations').set({ status: 'VERIFIED' }).where('id', '=', organisationId).execute();
  const member = await freshAccount(world.ctx, 'RECEIVER');
  const { token } = await organisationLink(world, organisationId);
  await call(world.ctx, 'POST', '/api/organisations/join', member, { token });
  const answers = Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer]));
  const applied = await world.ctx.app.inject({
    method: 'PUT',
    url: '/api/volunteer/me',
    headers: member.headers,
    remoteAddress: freshAddress(),
    payload: { answers, termsVersion: VOLUNTEER_TERMS_VERSION, areaLabel: 'Kothrud, Pune 411038', radiusKm: 4, travelMode: 'ON_FOOT' },
  });
  if (applied.statusCode !== 200) throw new Error(`fixture applicant: ${applied.statusCode} ${applied.body}`);
  return { organisationId, applicantId: member.id };
}
