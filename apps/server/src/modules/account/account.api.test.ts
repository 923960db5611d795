import { DELETED_USER_NAME } from '@annadaan/contract/account';
import { type UploadResponse } from '@annadaan/contract/auth';
import { NotificationKind } from '@annadaan/contract/notifications';
import type { DonationRequest } from '@annadaan/contract/requests';
import type { Rating } from '@annadaan/contract/ratings';
import { TERMS_VERSION } from '@annadaan/contract/terms';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, bearer, freshAddress, newPerson } from '../../../test/accounts';
import { findText, textColumns } from '../../../test/personal-data-scan';
import { type Person, completeHandover, foodNeed } from '../../../test/test-people';
import { baseDonation, donationStatus, requestRow } from '../../../test/test-handover';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { pictureUpload } from '../../../test/security/security-fixtures';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { ACCOUNT_DATA_PARTS } from './account-parts';
import { deleteAccount as eraseAccount } from './account-service';
import { errorBody } from '../../../test/error-body';

type Ctx = () => TestContext;

/** Signs a person up through the API with the given details (and the terms version, as our form sends it). */
async function signUpAs(ctx: TestContext, details: { fullName: string; role: 'DONOR' | 'RECEIVER'; contactNumber?: string; email?: string }): Promise<Person> {
  const body = { ...newPerson({ fullName: details.fullName, role: details.role }), acceptedTermsVersion: TERMS_VERSION };
  if (details.contactNumber) body.contactNumber = details.contactNumber;
  if (details.email) body.email = details.email;
  const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: freshAddress() });
  expect(registered.statusCode, registered.body).toBe(201);
  const token = registered.json<{ accessToken: string }>().accessToken;
  const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const { id, contactNumber } = profile.json<{ id: number; contactNumber: string }>();
  return { id, token, fullName: details.fullName, contactNumber, email: body.email, headers: bearer(token) };
}

async function call(ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, person: Person | null, payload?: object) {
  return ctx.app.inject({ method, url, ...(person ? { headers: person.headers } : {}), ...(payload ? { payload } : {}), remoteAddress: freshAddress() });
}

async function ok<T>(ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, person: Person | null, payload?: object): Promise<T> {
  const response = await call(ctx, method, url, person, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** Every stored file of each upload (its WebP and AVIF variants), by the upload's URL. */
const variantUrls = new Map<string, string[]>();

async function upload(ctx: TestContext, person: Person): Promise<string> {
  const { payload, contentType } = await pictureUpload();
  const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...person.headers, 'content-type': contentType }, payload });
  expect(response.statusCode, response.body).toBe(201);
  const { url, photo } = response.json<UploadResponse>();
  const urls = [photo.srcset, photo.avifSrcset].flatMap((srcset) => (srcset ?? '').split(', ').map((entry) => entry.split(' ')[0] ?? ''));
  variantUrls.set(url, urls.filter(Boolean));
  return url;
}

function pushSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

let unique = 0;
/** Details no other row of the test database holds, so a scan hit can only be this person's. */
function distinctPerson(label: string) {
  unique += 1;
  const digits = `${Date.now() % 1_000_000}${unique}`.padStart(8, '0').slice(-8);
  return { fullName: `Zerubabel ${label} Quasimodo${unique}`, contactNumber: `97${digits}`, email: `zq.${label.toLowerCase()}${digits}@example.in` };
}

/**
 * A person with something in every part of the platform: donations (one handed over and rated
 * both ways, one open with a pending request, one with a picture), requests (one pending, one
 * accepted), a food need, an alert, a push subscription, preferences, a contact message signed
 * in and one signed out, a reset code, a failed sign-in, a profile picture and a second session.
 */
async function richPerson(ctx: TestContext, label: string) {
  const details = distinctPerson(label);
  const subject = await signUpAs(ctx, { ...details, role: 'RECEIVER' });
  const donor = await signUpAs(ctx, { fullName: `Donor ${label}`, role: 'DONOR' });
  const receiver = await signUpAs(ctx, { fullName: `Receiver ${label}`, role: 'RECEIVER' });
  const waiting = await signUpAs(ctx, { fullName: `Waiting ${label}`, role: 'RECEIVER' });

  const picture = await upload(ctx, subject);
  await ok(ctx, 'PUT', '/api/user/update-profile', subject, {
    address: `Flat 7, ${details.fullName} House, Koramangala, Bengaluru 560034`,
    alternateContact: `96${details.contactNumber.slice(2)}`,
    displayPictureUrl: picture,
  });

  // The subject as donor: a handover completed and rated both ways, a listing with a waiting request, a listing with a picture.
  const donationPicture = await upload(ctx, subject);
  const handedOver = await ok<{ id: number }>(ctx, 'POST', '/api/donations', subject, {
    ...baseDonation,
    foodName: 'Lemon rice',
    description: `Call ${details.fullName} at ${details.contactNumber}`,
    location: `${details.fullName} House, 12 Hosur Road, Bengaluru 560034`,
    imageUrl: donationPicture,
  });
  const handoverRequest = await ok<DonationRequest>(ctx, 'POST', `/api/requests/create/${handedOver.id}`, receiver, { paymentMethod: '' });
  await completeHandover(ctx, subject, receiver, handoverRequest.id);
  await ok(ctx, 'POST', '/api/ratings/submit', subject, { donationRequestId: handoverRequest.id, rating: 4, comment: `From ${details.fullName}` });
  await ok(ctx, 'POST', '/api/ratings/submit', receiver, {
    donationRequestId: handoverRequest.id,
    rating: 5,
    comment: `Thank you ${details.fullName}, ${details.email}`,
  });
  const open = await ok<{ id: number }>(ctx, 'POST', '/api/donations', subject, {
    ...baseDonation,
    foodName: 'Veg pulao',
    location: `${details.fullName}, MG Road, Pune 411001`,
  });
  const waitingRequest = await ok<DonationRequest>(ctx, 'POST', `/api/requests/create/${open.id}`, waiting, { paymentMethod: '' });

  // The subject as receiver: one request pending, one accepted.
  const donorPending = await ok<{ id: number }>(ctx, 'POST', '/api/donations', donor, { ...baseDonation, foodName: 'Idli' });
  const pendingOfSubject = await ok<DonationRequest>(ctx, 'POST', `/api/requests/create/${donorPending.id}`, subject, { paymentMethod: '' });
  const donorAccepted = await ok<{ id: number }>(ctx, 'POST', '/api/donations', donor, { ...baseDonation, foodName: 'Chapati' });
  const acceptedOfSubject = await ok<DonationRequest>(ctx, 'POST', `/api/requests/create/${donorAccepted.id}`, subject, { paymentMethod: '' });
  await ok(ctx, 'POST', `/api/requests/${acceptedOfSubject.id}/accept`, donor);

  await ok(
    ctx,
    'POST',
    '/api/food-requests/create',
    subject,
    foodNeed({ fullName: details.fullName, contactNumber: details.contactNumber, email: details.email, message: `Ask for ${details.fullName}` }),
  );
  await ok(ctx, 'POST', '/api/alerts', subject, { lat: 12.93, lng: 77.62, radiusKm: 3, label: `${details.fullName} home` });
  await ok(ctx, 'POST', '/api/push/subscriptions', subject, pushSubscription());
  await ok(ctx, 'PUT', '/api/notification-preferences', subject, {
    kinds: { REQUEST_REJECTED: { push: true, email: false } },
    quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' },
  });
  await ok(ctx, 'POST', '/api/contact', subject, {
    name: details.fullName,
    email: details.email,
    subject: 'Hello',
    message: `This is ${details.fullName}, ${details.contactNumber}`,
  });
  await ok(ctx, 'POST', '/api/contact', null, { name: details.fullName, email: details.email, subject: 'Signed out', message: 'Question' });
  await ok(ctx, 'POST', '/api/auth/forgot-password', null, { email: details.email, contactNumber: details.contactNumber });
  const wrong = await call(ctx, 'POST', '/api/auth/login', null, { email: details.email, password: 'Not-The-Password-1' });
  expect(wrong.statusCode).toBe(401);
  // Moderation: a report the subject filed, in their own words, and blocks both ways.
  await ok(ctx, 'POST', '/api/reports', subject, {
    targetType: 'DONATION',
    targetId: donorPending.id,
    reason: 'OTHER',
    details: `${details.fullName} (${details.contactNumber}) says this is mislabelled`,
  });
  const nuisance = await signUpAs(ctx, { fullName: `Nuisance ${label}`, role: 'DONOR' });
  await ok(ctx, 'PUT', `/api/blocks/${nuisance.id}`, subject);
  await ok(ctx, 'PUT', `/api/blocks/${subject.id}`, nuisance);
  const second = await ok<{ accessToken: string }>(ctx, 'POST', '/api/auth/login', null, { email: details.email, password: STRONG_PASSWORD });

  return {
    details,
    subject,
    secondSession: bearer(second.accessToken),
    donor,
    receiver,
    waiting,
    nuisance,
    picture,
    donationPicture,
    handedOver: handedOver.id,
    handoverRequest: handoverRequest.id,
    open: open.id,
    waitingRequest: waitingRequest.id,
    donorPending: donorPending.id,
    pendingOfSubject: pendingOfSubject.id,
    donorAccepted: donorAccepted.id,
    acceptedOfSubject: acceptedOfSubject.id,
  };
}

function needles(details: { fullName: string; contactNumber: string; email: string }) {
  return [details.fullName, details.contactNumber.replace(/\D/g, '').slice(-10), details.email];
}

async function deleteAccount(ctx: TestContext, person: Person, currentPassword: string | undefined) {
  return ctx.app.inject({ method: 'DELETE', url: '/api/me', headers: person.headers, payload: currentPassword === undefined ? {} : { currentPassword } });
}

describeEachDatabase('account export and deletion', (ctx: Ctx) => {
  describe('GET /api/me/export', () => {
    it('is a download of everything held about the person, without secrets', async () => {
      const world = await richPerson(ctx(), 'Export');
      const response = await call(ctx(), 'GET', '/api/me/export', world.subject);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="annadaan-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const file = response.json<Record<string, unknown> & Record<string, never>>();
      expect(Object.keys(file)).toEqual([
        'format',
        'exportedAt',
        'donations',
        'requests',
        'waitlists',
        'runs',
        'volunteering',
        'foodNeeds',
        'ratings',
        'alerts',
        'contactMessages',
        'reports',
        'blocks',
        'organisations',
        'uploads',
        'notifications',
        'notificationPreferences',
        'pushSubscriptions',
        'messaging',
        'sessions',
        'profile',
      ]);
      const body = response.json<{
        profile: { fullName: string; email: string; termsVersion: string | null; termsAcceptedAt: string | null; userData: { address: string } };
        donations: Array<{ foodName: string; location: string }>;
        requests: Array<{ id: number; status: string }>;
        foodNeeds: Array<{ fullName: string; email: string }>;
        ratings: { given: Rating[]; received: Rating[] };
        alerts: Array<{ label: string }>;
        contactMessages: Array<{ subject: string }>;
        reports: Array<{ targetType: string; targetId: number; details: string }>;
        blocks: Array<{ userId: number }>;
        uploads: Array<{ url: string }>;
        notifications: Array<{ kind: string }>;
        notificationPreferences: { quietHours: { enabled: boolean } };
        pushSubscriptions: Array<{ endpointHost: string }>;
        sessions: Array<{ id: number; createdAt: string }>;
      }>();
      const { details } = world;
      expect(body.profile.fullName).toBe(details.fullName);
      expect(body.profile.email).toBe(details.email);
      expect(body.profile.userData.address).toContain('Koramangala');
      expect(body.profile.termsVersion).toBe(TERMS_VERSION);
      expect(body.profile.termsAcceptedAt).toEqual(expect.any(String));
      expect(body.donations.map((d) => d.foodName).sort()).toEqual(['Lemon rice', 'Veg pulao']);
      expect(body.requests.map((r) => r.id).sort((a, b) => a - b)).toEqual([world.pendingOfSubject, world.acceptedOfSubject]);
      expect(body.foodNeeds).toEqual([expect.objectContaining({ fullName: details.fullName, email: details.email })]);
      expect(body.ratings.given.map((r) => r.rating)).toEqual([4]);
      expect(body.ratings.received.map((r) => r.rating)).toEqual([5]);
      expect(body.alerts.map((a) => a.label)).toEqual([`${details.fullName} home`]);
      // Only what was sent signed in: an email address alone does not prove whose the message is.
      expect(body.contactMessages.map((m) => m.subject)).toEqual(['Hello']);
      expect(body.reports).toEqual([
        expect.objectContaining({ targetType: 'DONATION', targetId: world.donorPending, details: expect.stringContaining(details.fullName) }),
      ]);
      expect(body.blocks.map((b) => b.userId)).toEqual([world.nuisance.id]);
      expect(body.uploads.map((u) => u.url).sort()).toEqual([world.picture, world.donationPicture].sort());
      expect(body.notifications.map((n) => n.kind)).toEqual(
        expect.arrayContaining([NotificationKind.REQUEST_RECEIVED, NotificationKind.REQUEST_ACCEPTED, NotificationKind.ACCOUNT_SECURITY]),
      );
      expect(body.notificationPreferences.quietHours.enabled).toBe(true);
      expect(body.pushSubscriptions).toEqual([{ endpointHost: 'fcm.googleapis.com', createdAt: expect.any(String) }]);
      expect(body.sessions).toHaveLength(2);

      // No secret travels: no session token or its hash, no push keys or endpoint path, no password or reset code hash.
      const text = response.body;
      const stored = await ctx().database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', world.subject.id).execute();
      for (const { token_hash } of stored) expect(text).not.toContain(token_hash);
      expect(text).not.toContain(world.subject.token);
      const push = await ctx()
        .database.db.selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', world.subject.id)
        .executeTakeFirstOrThrow();
      for (const secret of [push.endpoint, push.p256dh, push.auth]) expect(text).not.toContain(secret);
      const user = await ctx().database.db.selectFrom('users').select('password_hash').where('id', '=', world.subject.id).executeTakeFirstOrThrow();
      expect(text).not.toContain(user.password_hash);
      const resets = await ctx().database.db.selectFrom('password_resets').select('code_hash').where('user_id', '=', world.subject.id).execute();
      expect(resets.length).toBeGreaterThan(0);
      for (const { code_hash } of resets) expect(text).not.toContain(code_hash);
    });

    it('needs a session and is limited to 5 an hour per person', async () => {
      expect((await call(ctx(), 'GET', '/api/me/export', null)).statusCode).toBe(401);
      const person = await signUpAs(ctx(), { fullName: 'Kiran Limit', role: 'DONOR' });
      for (let i = 0; i < 5; i += 1) expect((await call(ctx(), 'GET', '/api/me/export', person)).statusCode).toBe(200);
      const sixth = await call(ctx(), 'GET', '/api/me/export', person);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });

  describe('terms acceptance at sign-up', () => {
    it('stores the version the form sent, refuses another version by field, and records the current one for a client that sends none', async () => {
      const current = await signUpAs(ctx(), { fullName: 'Terms Current', role: 'DONOR' });
      const profileOf = async (person: Person) =>
        (await ok<{ profile: { termsVersion: string | null; termsAcceptedAt: string | null } }>(ctx(), 'GET', '/api/me/export', person)).profile;
      const consent = await profileOf(current);
      expect(consent.termsVersion).toBe(TERMS_VERSION);
      expect(Number.isNaN(Date.parse(consent.termsAcceptedAt ?? ''))).toBe(false);

      const stale = await call(ctx(), 'POST', '/api/auth/register', null, { ...newPerson(), acceptedTermsVersion: '2001-01-01' });
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { acceptedTermsVersion: 'The Terms and Conditions have changed. Reload the page, read them and accept them again.' },
      });

      // The earlier client sends no version; its form could not be submitted without the tick.
      const earlier = newPerson();
      const registered = await call(ctx(), 'POST', '/api/auth/register', null, earlier);
      expect(registered.statusCode, registered.body).toBe(201);
      const person = {
        ...earlier,
        id: 0,
        token: '',
        headers: bearer(registered.json<{ accessToken: string }>().accessToken),
        contactNumber: '',
        fullName: earlier.fullName,
      };
      expect((await profileOf(person)).termsVersion).toBe(TERMS_VERSION);
    });
  });

  describe('DELETE /api/me', () => {
    it('refuses without the right password, naming the field, and counts wrong guesses like every password check', async () => {
      const person = await signUpAs(ctx(), { fullName: 'Guessing Target', role: 'DONOR' });
      const missing = await deleteAccount(ctx(), person, undefined);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { currentPassword: 'Enter your current password to delete your account.' },
      });
      for (let i = 0; i < 10; i += 1) {
        const wrong = await deleteAccount(ctx(), person, `Wrong-Guess-${i}`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ fieldErrors: { currentPassword: 'Your current password is not correct.' } });
      }
      // The 11th try within 15 minutes is refused before the password is checked, even the right one.
      const limited = await deleteAccount(ctx(), person, STRONG_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect((await call(ctx(), 'GET', '/api/user/profile', person)).statusCode).toBe(200);
    });

    it('withdraws what is open, tells the others, keeps ratings and handovers anonymous, and leaves no trace of the person in any text column', async () => {
      const world = await richPerson(ctx(), 'Delete');
      const { details } = world;
      const db = ctx().database.db;

      // The scan itself: it reads the catalog, covers the columns that hold people's details, and finds the person before deletion.
      const columns = (await textColumns(ctx())).map((c) => `${c.table}.${c.column}`);
      expect(columns).toEqual(
        expect.arrayContaining([
          'users.full_name',
          'users.email',
          'food_requests.contact_number',
          'contact_messages.email',
          'rate_limits.key',
          'ratings.comment',
          'jobs.last_error',
        ]),
      );
      const before = await findText(ctx(), needles(details));
      expect(before).toEqual(
        expect.arrayContaining([
          'users.full_name: ' + details.fullName,
          'rate_limits.key: ' + details.email,
          'food_requests.contact_number: ' + needles(details)[1],
          'reports.details: ' + details.fullName,
        ]),
      );

      const impactBefore = await ok<object>(ctx(), 'GET', '/api/analytics/public/impact', null);
      const receiverRatingsBefore = await ok<object>(ctx(), 'GET', '/api/ratings/statistics', world.receiver);
      const receiverAnalyticsBefore = await ok<object>(ctx(), 'GET', '/api/analytics/user/ratings', world.receiver);

      const deleted = await deleteAccount(ctx(), world.subject, STRONG_PASSWORD);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: 'Your account has been deleted.' });

      // Not one of the person's name, phone or email anywhere.
      expect(await findText(ctx(), needles(details))).toEqual([]);
      // No block by or against them is left; the report they filed stays in the target's history, without their words.
      const blocks = await db
        .selectFrom('user_blocks')
        .select('blocker_id')
        .where((eb) => eb.or([eb('blocker_id', '=', world.subject.id), eb('blocked_id', '=', world.subject.id)]))
        .execute();
      expect(blocks).toEqual([]);
      expect(await db.selectFrom('reports').select(['details', 'target_id']).where('reporter_id', '=', world.subject.id).execute()).toEqual([
        { details: '', target_id: world.donorPending },
      ]);

      // Every session ended; signing in looks exactly like an unknown account.
      expect((await call(ctx(), 'GET', '/api/user/profile', world.subject)).statusCode).toBe(401);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: world.secondSession })).statusCode).toBe(401);
      const signIn = await call(ctx(), 'POST', '/api/auth/login', null, { email: details.email, password: STRONG_PASSWORD });
      const unknown = await call(ctx(), 'POST', '/api/auth/login', null, { email: `nobody${details.email}`, password: STRONG_PASSWORD });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json()).toEqual(unknown.json());
      expect(signIn.json()).toEqual(errorBody({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' }));
      // The email is free again.
      const again = await call(ctx(), 'POST', '/api/auth/register', null, { ...newPerson(), email: details.email });
      expect(again.statusCode, again.body).toBe(201);

      // Open donation withdrawn, its waiting receiver told; the request is cancelled.
      expect(await donationStatus(ctx(), world.open)).toBe('CANCELLED');
      expect((await requestRow(ctx(), world.waitingRequest)).status).toBe('CANCELLED');
      const waitingNotices = await ok<{ items: Array<{ kind: string; body: string }> }>(ctx(), 'GET', '/api/notifications', world.waiting);
      expect(waitingNotices.items[0]).toMatchObject({
        kind: NotificationKind.DONATION_CANCELLED,
        body: 'The donor withdrew "Veg pulao", so your request was cancelled.',
      });

      // The person's own requests withdrawn; the accepted one gave its donation back; the donor told of both.
      expect((await requestRow(ctx(), world.pendingOfSubject)).status).toBe('CANCELLED');
      expect(await requestRow(ctx(), world.acceptedOfSubject)).toMatchObject({ status: 'CANCELLED', pickup_code: null });
      expect(await donationStatus(ctx(), world.donorAccepted)).toBe('AVAILABLE');
      const donorNotices = await ok<{ items: Array<{ kind: string }> }>(ctx(), 'GET', '/api/notifications', world.donor);
      expect(donorNotices.items.filter((n) => n.kind === NotificationKind.REQUEST_CANCELLED)).toHaveLength(2);
      const received = await ok<DonationRequest[]>(ctx(), 'GET', '/api/requests/my-received-requests', world.donor);
      expect(received.filter((r) => [world.pendingOfSubject, world.acceptedOfSubject].includes(r.id)).map((r) => [r.status, r.receiverName])).toEqual([
        ['CANCELLED', DELETED_USER_NAME],
        ['CANCELLED', DELETED_USER_NAME],
      ]);

      // The handover stays, anonymous: the receiver's order shows "Deleted user"; the ratings keep their stars, not their words.
      expect(await donationStatus(ctx(), world.handedOver)).toBe('COMPLETED');
      const orders = await ok<DonationRequest[]>(ctx(), 'GET', '/api/requests/my-sent-requests', world.receiver);
      expect(orders.find((o) => o.id === world.handoverRequest)).toMatchObject({
        status: 'COMPLETED',
        donorName: DELETED_USER_NAME,
        foodName: 'Lemon rice',
        location: '560034',
      });
      const given = await ok<Rating[]>(ctx(), 'GET', '/api/ratings/given', world.receiver);
      expect(given).toEqual([expect.objectContaining({ rating: 5, comment: '', otherPartyName: DELETED_USER_NAME })]);
      const ratedBy = await ok<Rating[]>(ctx(), 'GET', '/api/ratings/received', world.receiver);
      expect(ratedBy).toEqual([expect.objectContaining({ rating: 4, comment: '', otherPartyName: DELETED_USER_NAME })]);

      // Figures unchanged: the platform's and the other party's.
      expect(await ok<object>(ctx(), 'GET', '/api/analytics/public/impact', null)).toEqual(impactBefore);
      expect(await ok<object>(ctx(), 'GET', '/api/ratings/statistics', world.receiver)).toEqual(receiverRatingsBefore);
      expect(await ok<object>(ctx(), 'GET', '/api/analytics/user/ratings', world.receiver)).toEqual(receiverAnalyticsBefore);

      // Nobody finds the person any more: not in the directory, not among open food needs.
      const directory = await ok<Array<{ fullName: string }>>(ctx(), 'GET', '/api/directory/users/search', world.donor);
      expect(directory.map((d) => d.fullName)).not.toContain(DELETED_USER_NAME);
      const needs = await ok<Array<{ requesterName: string }>>(ctx(), 'GET', '/api/food-requests/open', world.donor);
      expect(needs.map((n) => n.requesterName)).not.toContain(DELETED_USER_NAME);

      // The pictures are gone, record and file, in every size and format.
      const files = [world.picture, world.donationPicture].flatMap((url) => [url, ...(variantUrls.get(url) ?? [])]);
      expect(files.length).toBeGreaterThanOrEqual(4);
      for (const url of files) expect((await ctx().app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      const left = await Promise.all(
        (
          [
            'sessions',
            'password_resets',
            'uploads',
            'notifications',
            'notification_preferences',
            'notification_settings',
            'push_subscriptions',
            'food_alerts',
          ] as const
        ).map(async (table) => [
          table,
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .where(table === 'uploads' ? 'owner_id' : 'user_id', '=', world.subject.id)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ]),
      );
      expect(Object.fromEntries(left)).toEqual({
        sessions: 0,
        password_resets: 0,
        uploads: 0,
        notifications: 0,
        notification_preferences: 0,
        notification_settings: 0,
        push_subscriptions: 0,
        food_alerts: 0,
      });
      const user = await db
        .selectFrom('users')
        .select(['full_name', 'deleted_at', 'deactivated_at', 'food_alert_count'])
        .where('id', '=', world.subject.id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ full_name: DELETED_USER_NAME, deleted_at: expect.any(String), deactivated_at: expect.any(String) });
      expect(Number(user.food_alert_count)).toBe(0);
    });

    it('changes nothing when one part fails: the erasure is one transaction', async () => {
      const person = await signUpAs(ctx(), { ...distinctPerson('Rollback'), role: 'DONOR' });
      const donation = await ok<{ id: number }>(ctx(), 'POST', '/api/donations', person, { ...baseDonation, foodName: 'Poha' });
      const failing = accountDataPart({
        key: 'failing',
        schema: z.array(z.never()),
        exportUserData: async () => [],
        eraseUserData: async () => Promise.reject(new Error('part failed')),
      });
      await expect(
        eraseAccount(
          { db: ctx().database.db, now: ctx().clock.now(), log: ctx().app.log, deleteStoredFile: async () => undefined },
          [...ACCOUNT_DATA_PARTS.slice(0, -1), failing, ...ACCOUNT_DATA_PARTS.slice(-1)],
          person.id,
          STRONG_PASSWORD,
        ),
      ).rejects.toThrow('part failed');
      expect(await donationStatus(ctx(), donation.id)).toBe('AVAILABLE');
      expect((await call(ctx(), 'GET', '/api/user/profile', person)).json()).toMatchObject({ fullName: person.fullName });
    });
  });
});
