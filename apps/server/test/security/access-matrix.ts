import { NotificationKind } from '@annadaan/contract/notifications';
import { VOLUNTEER_TERMS_VERSION, WALKTHROUGH } from '@annadaan/contract/runs';
import { unsubscribeToken } from '../../src/modules/notifications/unsubscribe-tokens';
import crypto from 'node:crypto';
import { newPerson } from '../accounts';
import { baseDonation } from '../test-handover';
import { type Person, foodNeed } from '../test-people';
import {
  STRONG_PASSWORD,
  type World,
  acceptedRequest,
  completedRequest,
  freshAccount,
  freshSession,
  fullPortionedDonation,
  waitlistOffer,
  makeAlert,
  makeDonation,
  makeFoodNeed,
  makeOrganisation,
  makeUpload,
  openRun,
  approvedVolunteer,
  claimedRun,
  pickedUpRun,
  ORGANISATION_BODY,
  organisationLink,
  organisationWithMember,
  organisationWithApplicant,
  pendingRequest,
  pictureUpload,
  resetCodeFor,
} from './security-fixtures';

/**
 * Who may call what. `party` is the owner of the object the path names (or, for a request, the
 * party whose action the route is); `counterparty` is the other party of a donation request;
 * `other` is signed in and unrelated; `admin` is an ADMIN who is not a party.
 */
export type Actor = 'anonymous' | 'party' | 'counterparty' | 'other' | 'admin';

export interface Expected {
  anonymous: number;
  party: number;
  /** Only for routes on a donation request, which has two parties. */
  counterparty?: number;
  other: number;
  admin: number;
}

/** What one actor sends; every call is prepared afresh, so a successful call never spoils the next. */
export interface PreparedCall {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: object;
  multipart?: { payload: Buffer; contentType: string };
  /** Who plays this actor for this call, when not the world's usual person. */
  as?: Person;
}

export interface MatrixRow {
  expected: Expected;
  /** For request routes: which side `party` is. Default: the donor (the world's owner). */
  partyIs?: 'donor' | 'receiver';
  prepare?: (world: World, actor: Actor) => Promise<PreparedCall>;
}

/** The owner's unsubscribe token for one kind, as an email would carry it. */
async function ownerUnsubscribeToken(world: World): Promise<string> {
  return unsubscribeToken(world.ctx.database.db, world.owner.id, NotificationKind.REQUEST_RECEIVED, world.ctx.clock.now());
}

/** A subscription as a browser would send it: a push-service endpoint and fresh keys (nothing is posted to it here). */
function browserPushSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

const everyone = (status: number): Expected => ({ anonymous: status, party: status, other: status, admin: status });
const signedIn = (status: number): Expected => ({ anonymous: 401, party: status, other: status, admin: status });
const adminOnly: Expected = { anonymous: 401, party: 403, other: 403, admin: 200 };
/** A request is hidden from anyone who is not a party (404); the wrong party gets 403. */
const requestParty = (status: number): Expected => ({ anonymous: 401, party: status, counterparty: 403, other: 404, admin: 404 });

/** Issue 32: the organisation's coordinator (the owner) may; anyone else is told it does not exist. */
const organisationMember = (status: number): Expected => ({ anonymous: 401, party: status, other: 404, admin: 404 });

/** A fresh account per signed-in actor, for calls that change or end what the account is. */
async function ownAccount(world: World, actor: Actor): Promise<Person | undefined> {
  if (actor === 'anonymous') return undefined;
  return freshAccount(world.ctx, actor === 'admin' ? 'ADMIN' : 'DONOR');
}

const requestRow = (partyIs: 'donor' | 'receiver', status: number, state: 'pending' | 'accepted'): MatrixRow => ({
  expected: requestParty(status),
  partyIs,
  prepare: async (world) => {
    const request = state === 'pending' ? await pendingRequest(world) : await acceptedRequest(world);
    return { params: { id: request.requestId } };
  },
});

const foodNeedTransition: MatrixRow = {
  // Open needs are listed to everyone signed in, so a stranger learns nothing new from 403.
  expected: { anonymous: 401, party: 200, other: 403, admin: 403 },
  prepare: async (world) => ({ params: { id: await makeFoodNeed(world) } }),
};

const adminOnTarget: MatrixRow = {
  // `party` is the account the id names, trying it on itself.
  expected: { anonymous: 401, party: 403, other: 403, admin: 200 },
  prepare: async (world, actor) => {
    const target = await freshAccount(world.ctx);
    return { params: { id: target.id }, ...(actor === 'party' ? { as: target } : {}) };
  },
};

/** One row per route of the OpenAPI document (and per hidden route below), written once. */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  'GET /welcome': { expected: everyone(200) },
  'GET /api/health': { expected: everyone(200) },
  'GET /api/health/live': { expected: everyone(200) },
  'GET /api/health/ready': { expected: everyone(200) },

  'POST /api/auth/register': { expected: everyone(201), prepare: async () => ({ body: newPerson() }) },
  'POST /api/auth/login': {
    expected: everyone(200),
    prepare: async (world) => ({ body: { email: world.owner.email, password: STRONG_PASSWORD } }),
  },
  'POST /api/auth/logout': {
    expected: { anonymous: 401, party: 204, other: 204, admin: 204 },
    prepare: async (world, actor) => {
      const person = actor === 'party' ? world.owner : actor === 'other' ? world.other : actor === 'admin' ? world.admin : undefined;
      return person ? { as: await freshSession(world.ctx, person) } : {};
    },
  },
  'POST /api/auth/forgot-password': {
    // Always the same answer, whoever asks, so it cannot tell which accounts exist.
    expected: everyone(200),
    prepare: async (world) => {
      const target = await freshAccount(world.ctx);
      return { body: { email: target.email, contactNumber: target.contactNumber } };
    },
  },
  'POST /api/auth/reset-password': {
    expected: everyone(200),
    prepare: async (world) => {
      const target = await freshAccount(world.ctx);
      const code = await resetCodeFor(world, target);
      return { body: { email: target.email, contactNumber: target.contactNumber, code, newPassword: 'Monsoon-Lantern-77' } };
    },
  },
  'POST /api/user/change-password': {
    expected: signedIn(200),
    prepare: async (world, actor) => {
      const as = await ownAccount(world, actor);
      return { body: { currentPassword: STRONG_PASSWORD, newPassword: 'Monsoon-Lantern-77' }, ...(as ? { as } : {}) };
    },
  },
  'GET /api/user/profile': { expected: signedIn(200) },
  'GET /api/me/export': { expected: signedIn(200) },
  'DELETE /api/me': {
    // Each actor deletes an account of its own: nobody can name another's.
    expected: signedIn(200),
    prepare: async (world, actor) => {
      const as = await ownAccount(world, actor);
      return { body: { currentPassword: STRONG_PASSWORD }, ...(as ? { as } : {}) };
    },
  },
  'PUT /api/user/update-profile': { expected: signedIn(200), prepare: async () => ({ body: { address: 'Flat 2, Lake View Road' } }) },

  'POST /api/admin/users/{id}/deactivate': adminOnTarget,
  'POST /api/admin/users/{id}/reactivate': adminOnTarget,
  'GET /api/admin/contact-messages': { expected: adminOnly },

  'POST /api/uploads': { expected: signedIn(201), prepare: async () => ({ multipart: await pictureUpload() }) },
  'GET /uploads/{name}': { expected: everyone(200), prepare: async (world) => ({ params: { name: await makeUpload(world) } }) },

  // Registered only with DEV_OUTBOX=true, never in production; it holds reset codes, so it answers
  // only a caller on the server's own machine (every actor here calls from another address) or an admin.
  'GET /api/dev/outbox': { expected: { anonymous: 403, party: 403, other: 403, admin: 200 } },

  'GET /api/analytics/statistics/yearly': { expected: everyone(200) },
  'GET /api/analytics/statistics/summary': { expected: everyone(200) },
  'GET /api/analytics/statistics/daily-comparison': { expected: everyone(200) },
  'GET /api/analytics/statistics/food-waste-sources': { expected: everyone(200) },
  'GET /api/analytics/statistics/growth-rate': { expected: everyone(200), prepare: async () => ({ query: { type: 'hunger' } }) },
  'GET /api/analytics/public/provenance': { expected: everyone(200) },
  'GET /api/analytics/public/top-donors': { expected: everyone(200) },
  'GET /api/analytics/public/impact': { expected: everyone(200) },

  'POST /api/donations': { expected: signedIn(201), prepare: async () => ({ body: baseDonation }) },
  'GET /api/donations/my-donations': { expected: signedIn(200) },
  'POST /api/donations/{id}/cancel': {
    // Donations are public, so a stranger gets 403 rather than a 404 that would hide nothing.
    expected: { anonymous: 401, party: 200, counterparty: 403, other: 403, admin: 403 },
    prepare: async (world) => ({ params: { id: (await pendingRequest(world)).donationId } }),
  },
  'GET /api/browse/donations': { expected: everyone(200) },
  'GET /api/browse/new-donations': { expected: everyone(200), prepare: async () => ({ query: { since: '1' } }) },
  'GET /api/browse/donations/{id}': { expected: everyone(200), prepare: async (world) => ({ params: { id: await makeDonation(world) } }) },

  'POST /api/requests/create/{donationId}': {
    // `party` is the donor: requesting one's own donation is refused.
    expected: { anonymous: 401, party: 403, other: 201, admin: 201 },
    prepare: async (world) => ({ params: { donationId: await makeDonation(world) }, body: { paymentMethod: '' } }),
  },
  'GET /api/requests/my-sent-requests': { expected: signedIn(200) },
  'GET /api/requests/my-received-requests': { expected: signedIn(200) },
  'GET /api/requests/my-received-requests/pending-count': { expected: signedIn(200) },
  // Only ever the caller's own figures.
  'GET /api/requests/my-reliability': { expected: signedIn(200) },
  // Only ever the caller's own request: anyone signed in gets 200 (with null when they have none).
  'GET /api/requests/for-donation/{donationId}': {
    expected: signedIn(200),
    prepare: async (world) => ({ params: { donationId: (await pendingRequest(world)).donationId } }),
  },
  'POST /api/requests/{id}/accept': requestRow('donor', 200, 'pending'),
  // Issue 33: the rules are public; anyone signed in but the donor may wait in line; a place in line is its person's alone.
  'GET /api/portions/rules': { expected: everyone(200) },
  'POST /api/donations/{donationId}/waitlist': {
    expected: { anonymous: 401, party: 403, other: 201, admin: 201 },
    prepare: async (world) => ({ params: { donationId: (await fullPortionedDonation(world)).donationId }, body: { portions: 1 } }),
  },
  'GET /api/donations/{donationId}/waitlist/me': {
    expected: signedIn(200),
    prepare: async (world) => ({ params: { donationId: (await fullPortionedDonation(world)).donationId } }),
  },
  'POST /api/waitlist/{id}/take': {
    expected: { anonymous: 401, party: 200, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const offer = await waitlistOffer(world);
      return { params: { id: offer.entryId }, ...(actor === 'party' ? { as: offer.person } : {}) };
    },
  },
  'POST /api/waitlist/{id}/leave': {
    expected: { anonymous: 401, party: 200, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const offer = await waitlistOffer(world);
      return { params: { id: offer.entryId }, ...(actor === 'party' ? { as: offer.person } : {}) };
    },
  },
  'POST /api/requests/{id}/reject': requestRow('donor', 200, 'pending'),
  'POST /api/requests/{id}/cancel': requestRow('receiver', 200, 'pending'),
  'GET /api/requests/{id}/pickup-code': requestRow('receiver', 200, 'accepted'),
  'POST /api/requests/{id}/pickup-code/renew': requestRow('receiver', 200, 'accepted'),
  'POST /api/requests/{id}/confirm-pickup': {
    expected: requestParty(200),
    prepare: async (world) => {
      const request = await acceptedRequest(world);
      return { params: { id: request.requestId }, body: { pickupCode: request.pickupCode } };
    },
  },

  // Issue 32: volunteering and delivery runs. `party` is whoever the route is for (the volunteer,
  // or the run's donor or receiver); other people, admins included, learn nothing of a run (404).
  'GET /api/volunteer/me': { expected: signedIn(200) },
  'PUT /api/volunteer/me': {
    expected: signedIn(200),
    prepare: async () => ({
      body: {
        answers: Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer])),
        termsVersion: VOLUNTEER_TERMS_VERSION,
        areaLabel: 'Kothrud, Pune',
        geolocation: '18.50,73.81',
        radiusKm: 4,
        travelMode: 'ON_FOOT',
      },
    }),
  },
  'GET /api/admin/volunteers': { expected: adminOnly },
  'POST /api/admin/volunteers/{id}/decision': {
    expected: adminOnly,
    prepare: async (world) => ({ params: { id: (await approvedVolunteer(world)).id }, body: { decision: 'SUSPEND', note: 'Reported twice' } }),
  },
  // Only approved volunteers see runs near them; anyone else is told why (403), not shown an empty list.
  'GET /api/runs/near': {
    expected: { anonymous: 401, party: 200, other: 403, admin: 403 },
    prepare: async (world, actor) => (actor === 'party' ? { as: await approvedVolunteer(world) } : {}),
  },
  'GET /api/runs/mine': { expected: signedIn(200) },
  'GET /api/runs/{id}': {
    expected: { anonymous: 401, party: 200, counterparty: 200, other: 404, admin: 404 },
    prepare: async (world) => ({ params: { id: (await claimedRun(world)).runId } }),
  },
  'POST /api/runs/{id}/claim': {
    expected: { anonymous: 401, party: 200, other: 403, admin: 403 },
    prepare: async (world, actor) => ({ params: { id: (await openRun(world)).runId }, ...(actor === 'party' ? { as: await approvedVolunteer(world) } : {}) }),
  },
  'POST /api/runs/{id}/release': {
    expected: { anonymous: 401, party: 200, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const run = await claimedRun(world);
      return { params: { id: run.runId }, ...(actor === 'party' ? { as: run.volunteer } : {}) };
    },
  },
  'POST /api/runs/{id}/pickup': {
    expected: requestParty(200),
    prepare: async (world) => {
      const run = await claimedRun(world);
      return { params: { id: run.runId }, body: { handoverCode: run.handoverCode, kept: 'HOT', temperatureC: 65 } };
    },
  },
  'POST /api/runs/{id}/deliver': {
    expected: { anonymous: 401, party: 200, counterparty: 403, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const run = await pickedUpRun(world);
      return { params: { id: run.runId }, body: { pickupCode: run.pickupCode }, ...(actor === 'party' ? { as: run.volunteer } : {}) };
    },
  },
  'POST /api/runs/{id}/dispose': {
    expected: { anonymous: 401, party: 200, counterparty: 403, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const run = await pickedUpRun(world);
      return { params: { id: run.runId }, body: { reason: 'Spilt in the rain' }, ...(actor === 'party' ? { as: run.volunteer } : {}) };
    },
  },
  'POST /api/runs/{id}/collect-myself': {
    expected: requestParty(200),
    partyIs: 'receiver',
    prepare: async (world) => ({ params: { id: (await openRun(world)).runId } }),
  },
  'POST /api/runs/{id}/ratings': {
    expected: { anonymous: 401, party: 200, counterparty: 200, other: 404, admin: 404 },
    prepare: async (world) => ({ params: { id: (await pickedUpRun(world, true)).runId }, body: { ratee: 'VOLUNTEER', rating: 5 } }),
  },

  'POST /api/ratings/submit': {
    // Each party rates the other once; nobody else may know the request exists.
    expected: { anonymous: 401, party: 201, counterparty: 201, other: 404, admin: 404 },
    prepare: async (world) => ({ body: { donationRequestId: (await completedRequest(world)).requestId, rating: 5, comment: 'Thank you' } }),
  },
  'GET /api/ratings/given': { expected: signedIn(200) },
  'GET /api/ratings/received': { expected: signedIn(200) },
  'GET /api/ratings/statistics': { expected: signedIn(200) },

  // The matrix's geocoder does not answer, which this route says (503) rather than guess a place.
  'GET /api/geo/reverse': { expected: everyone(200), prepare: async () => ({ query: { lat: '18.5204', lon: '73.8567' } }) },
  'GET /api/pincodes/{pin}': { expected: everyone(200), prepare: async () => ({ params: { pin: '411001' } }) },
  'GET /api/map/donations': { expected: everyone(200), prepare: async () => ({ query: { bbox: '72.7,18.8,73.1,19.3', zoom: '11' } }) },
  'GET /api/map/tiles': { expected: everyone(200) },
  'GET /api/map/food-requests': { expected: signedIn(200), prepare: async () => ({ query: { bbox: '72.7,18.8,73.1,19.3', zoom: '15' } }) },

  'POST /api/food-requests/create': { expected: signedIn(201), prepare: async () => ({ body: foodNeed() }) },
  'GET /api/food-requests/my': { expected: signedIn(200) },
  'GET /api/food-requests/open': { expected: signedIn(200) },
  'POST /api/food-requests/{id}/cancel': foodNeedTransition,
  'POST /api/food-requests/{id}/fulfil': foodNeedTransition,
  // A need's public page (issue 18): what anyone may know of it, for the link people share.
  'GET /api/food-requests/{id}/public': { expected: everyone(200), prepare: async (world) => ({ params: { id: await makeFoodNeed(world) } }) },

  'GET /api/directory/users/search': { expected: signedIn(200) },
  'GET /api/analytics/user/summary': { expected: signedIn(200) },
  'GET /api/analytics/user/donations': { expected: signedIn(200) },
  'GET /api/analytics/user/food-requests': { expected: signedIn(200) },
  'GET /api/analytics/user/ratings': { expected: signedIn(200) },

  'GET /api/notifications': { expected: signedIn(200) },
  'GET /api/notifications/unread-count': { expected: signedIn(200) },
  'POST /api/notifications/read': { expected: signedIn(200), prepare: async () => ({ body: { all: true } }) },
  'GET /api/events': { expected: signedIn(200) },
  // WhatsApp and SMS (decision 049): each signed-in person's own phone and consent.
  'GET /api/me/messaging': { expected: signedIn(200) },
  'PUT /api/me/messaging/consent': { expected: signedIn(200), prepare: async () => ({ body: { sms: { alerts: false } } }) },
  'POST /api/me/phone/verification': {
    expected: signedIn(202),
    prepare: async (world, actor) => {
      const as = await ownAccount(world, actor);
      return as ? { as } : {};
    },
  },
  'POST /api/me/phone/verification/confirm': { expected: signedIn(400), prepare: async () => ({ body: { code: '000000' } }) },
  'GET /api/admin/messaging/failures': { expected: adminOnly },
  'GET /api/admin/messaging/usage': { expected: adminOnly },
  // The providers' webhooks: no session counts, only Meta's signature, the verify token or our SMS secret.
  'GET /api/webhooks/whatsapp': {
    expected: everyone(403),
    prepare: async () => ({ query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '1' } }),
  },
  'POST /api/webhooks/whatsapp': { expected: everyone(401), prepare: async () => ({ body: { object: 'whatsapp_business_account', entry: [] } }) },
  'POST /api/webhooks/sms': { expected: everyone(401), prepare: async () => ({ body: { requestId: 'x', status: 'DELIVERED' } }) },
  'GET /api/notification-preferences': { expected: signedIn(200) },
  'PUT /api/notification-preferences': {
    expected: signedIn(200),
    prepare: async () => ({
      body: {
        kinds: { REQUEST_REJECTED: { push: true, email: false } },
        quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' },
      },
    }),
  },
  // An email's unsubscribe link works signed out: the signed token is the permission, for one kind's email of one person.
  'GET /api/unsubscribe': { expected: everyone(200), prepare: async (world) => ({ query: { token: await ownerUnsubscribeToken(world) } }) },
  'POST /api/unsubscribe': { expected: everyone(200), prepare: async (world) => ({ query: { token: await ownerUnsubscribeToken(world) }, body: {} }) },
  'GET /api/push/public-key': { expected: everyone(200) },
  'POST /api/push/subscriptions': { expected: signedIn(201), prepare: async () => ({ body: browserPushSubscription() }) },
  // Only the caller's own subscription goes; someone else's endpoint removes nothing (still 200).
  'DELETE /api/push/subscriptions': { expected: signedIn(200), prepare: async () => ({ body: { endpoint: browserPushSubscription().endpoint } }) },

  // Receivers save alerts (the world's owner is a donor: 403; the admin too); each caller is a fresh account, so the cap of 5 never interferes.
  'POST /api/alerts': {
    expected: { anonymous: 401, party: 201, other: 201, admin: 403 },
    prepare: async (world, actor) => ({
      body: { lat: 18.52, lng: 73.85, radiusKm: 5 },
      ...(actor === 'party' || actor === 'other' ? { as: await freshAccount(world.ctx, 'RECEIVER') } : {}),
    }),
  },
  'GET /api/alerts': { expected: signedIn(200) },
  // Only the owner deletes; anyone else, admins too, is told it does not exist.
  'DELETE /api/alerts/{id}': {
    expected: { anonymous: 401, party: 204, other: 404, admin: 404 },
    prepare: async (world, actor) => {
      const owner = await freshAccount(world.ctx, 'RECEIVER');
      const id = await makeAlert(world, owner);
      return { params: { id }, ...(actor === 'party' ? { as: owner } : {}) };
    },
  },

  // Issue 16. `party` owns the donation it would report (403: not one's own); anyone else may report it.
  'POST /api/reports': {
    expected: { anonymous: 401, party: 403, other: 201, admin: 201 },
    prepare: async (world) => ({ body: { targetType: 'DONATION', targetId: await makeDonation(world), reason: 'SPOILED_OR_UNSAFE' } }),
  },
  'GET /api/admin/reports': { expected: adminOnly },
  'POST /api/admin/moderation/actions': {
    expected: adminOnly,
    prepare: async (world) => ({ body: { action: 'HIDE', targetType: 'DONATION', targetId: await makeDonation(world), reason: 'Reported as spoiled' } }),
  },
  'GET /api/admin/audit-log': { expected: adminOnly },
  // Only ever the caller's own blocks.
  'GET /api/blocks': { expected: signedIn(200) },
  'PUT /api/blocks/{id}': { expected: signedIn(200), prepare: async (world) => ({ params: { id: (await freshAccount(world.ctx)).id } }) },
  'DELETE /api/blocks/{id}': { expected: signedIn(204), prepare: async (world) => ({ params: { id: (await freshAccount(world.ctx)).id } }) },

  // Issue 32. `party` is a coordinator of the organisation the path names; anyone else, admins
  // included, is told it does not exist (404). The public page is for everyone.
  'POST /api/organisations': { expected: signedIn(201), prepare: async () => ({ body: ORGANISATION_BODY }) },
  'GET /api/organisations/mine': { expected: signedIn(200) },
  'GET /api/organisations/invites/mine': { expected: signedIn(200) },
  'POST /api/organisations/invites/{id}/accept': {
    // `party` is the person whose number was invited.
    expected: { anonymous: 401, party: 200, other: 404, admin: 404 },
    prepare: async (world) => {
      const coordinator = await freshAccount(world.ctx);
      const organisationId = await makeOrganisation(world, coordinator);
      const response = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/organisations/${organisationId}/invites`,
        headers: coordinator.headers,
        payload: { phone: world.owner.contactNumber },
      });
      return { params: { id: response.json<{ id: number }>().id } };
    },
  },
  'POST /api/organisations/join': {
    expected: signedIn(200),
    prepare: async (world) => {
      const coordinator = await freshAccount(world.ctx);
      return { body: { token: (await organisationLink(world, await makeOrganisation(world, coordinator), coordinator)).token } };
    },
  },
  'GET /api/organisations/{id}': { expected: everyone(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'GET /api/organisations/{id}/manage': { expected: organisationMember(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'PUT /api/organisations/{id}': {
    expected: organisationMember(200),
    prepare: async (world) => ({ params: { id: await makeOrganisation(world) }, body: ORGANISATION_BODY }),
  },
  // Issue 32: an organisation's volunteers and runs, to its members; a coordinator of a verified one approves applicants among them.
  'GET /api/organisations/{id}/volunteers': {
    expected: organisationMember(200),
    prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }),
  },
  'GET /api/organisations/{id}/runs': { expected: organisationMember(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'POST /api/organisations/{id}/volunteers/{userId}/decision': {
    expected: organisationMember(200),
    prepare: async (world) => {
      const { organisationId, applicantId } = await organisationWithApplicant(world);
      return { params: { id: organisationId, userId: applicantId }, body: { decision: 'APPROVE', note: '' } };
    },
  },
  'GET /api/organisations/{id}/members': { expected: organisationMember(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'PUT /api/organisations/{id}/members/{userId}': {
    expected: organisationMember(204),
    prepare: async (world) => {
      const { organisationId, memberId } = await organisationWithMember(world);
      return { params: { id: organisationId, userId: memberId }, body: { role: 'COORDINATOR' } };
    },
  },
  'DELETE /api/organisations/{id}/members/{userId}': {
    expected: organisationMember(204),
    prepare: async (world) => {
      const { organisationId, memberId } = await organisationWithMember(world);
      return { params: { id: organisationId, userId: memberId } };
    },
  },
  'GET /api/organisations/{id}/invites': { expected: organisationMember(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'POST /api/organisations/{id}/invites': {
    expected: organisationMember(201),
    prepare: async (world) => ({ params: { id: await makeOrganisation(world) }, body: {} }),
  },
  'DELETE /api/organisations/{id}/invites/{inviteId}': {
    expected: organisationMember(204),
    prepare: async (world) => {
      const organisationId = await makeOrganisation(world);
      return { params: { id: organisationId, inviteId: (await organisationLink(world, organisationId)).id } };
    },
  },
  'GET /api/organisations/{id}/requests': { expected: organisationMember(200), prepare: async (world) => ({ params: { id: await makeOrganisation(world) } }) },
  'GET /api/admin/organisations': { expected: adminOnly },
  'POST /api/admin/organisations/{id}/review': {
    expected: adminOnly,
    prepare: async (world) => ({ params: { id: await makeOrganisation(world) }, body: { decision: 'VERIFIED', note: 'Checked by hand' } }),
  },

  'POST /api/contact': {
    expected: everyone(201),
    prepare: async () => ({ body: { name: 'Meera', email: 'meera@example.in', subject: 'Hello', message: 'How do I donate?' } }),
  },
};

/** Routes left out of the OpenAPI document on purpose (schema.hide); the matrix checks them too. */
export const HIDDEN_ROUTES = ['GET /uploads/{name}'];
