import type { Donation } from '@annadaan/contract/donations';
import type { AuditEntry } from '@annadaan/contract/moderation';
import type { NotificationPage } from '@annadaan/contract/notifications';
import type {
  CreatedInvite,
  Member,
  MyOrganisation,
  Organisation,
  OrganisationInput,
  OrganisationRequest,
  PendingInvite,
  PublicOrganisation,
  ReviewItem,
} from '@annadaan/contract/organisations';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { beforeEach, expect, it } from 'vitest';
import { bearer, freshAddress, registerPerson, STRONG_PASSWORD } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { baseDonation, donate, get, post } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { DAY } from '../../lib/clock';
import { isCoordinatorOfVerifiedOrganisation, organisationIdsOf } from './organisations-membership';

const kitchen: OrganisationInput = {
  name: 'Roti Bank Pune',
  kind: 'COMMUNITY_KITCHEN',
  city: 'Pune',
  pinCode: '411001',
  fssaiNumber: '12345678901234',
  darpanId: 'mh/2017/0123456',
};

async function call(ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TestUser, payload?: object) {
  return ctx.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });
}

async function createOrganisation(ctx: TestContext, coordinator: TestUser, input: Partial<OrganisationInput> = {}): Promise<Organisation> {
  const response = await call(ctx, 'POST', '/api/organisations', coordinator, { ...kitchen, ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Organisation>();
}

async function inviteLink(ctx: TestContext, coordinator: TestUser, organisationId: number, role: 'MEMBER' | 'COORDINATOR' = 'MEMBER'): Promise<CreatedInvite> {
  const response = await call(ctx, 'POST', `/api/organisations/${organisationId}/invites`, coordinator, { role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedInvite>();
}

async function addMember(ctx: TestContext, coordinator: TestUser, organisationId: number, member: TestUser, role: 'MEMBER' | 'COORDINATOR' = 'MEMBER') {
  const invite = await inviteLink(ctx, coordinator, organisationId, role);
  const joined = await call(ctx, 'POST', '/api/organisations/join', member, { token: invite.token });
  expect(joined.statusCode, joined.body).toBe(200);
}

async function notificationsOf(ctx: TestContext, who: TestUser, kind: string) {
  const response = await get(ctx, '/api/notifications', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>().items.filter((item) => item.kind === kind);
}

async function members(ctx: TestContext, who: TestUser, organisationId: number): Promise<Member[]> {
  const response = await get(ctx, `/api/organisations/${organisationId}/members`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Member[]>();
}

describeEachDatabase('organisations', (ctx) => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Anjali' });
  });

  it('creates an organisation with its creator as the first coordinator, waiting for the admins', async () => {
    const creator = await createTestUser(ctx(), { fullName: 'Creator Chitra' });
    const organisation = await createOrganisation(ctx(), creator);
    expect(organisation).toMatchObject({
      name: 'Roti Bank Pune',
      kind: 'COMMUNITY_KITCHEN',
      city: 'Pune',
      pinCode: '411001',
      fssaiNumber: '12345678901234',
      darpanId: 'MH/2017/0123456',
      status: 'PENDING',
      reviewNote: null,
      myRole: 'COORDINATOR',
    });
    const mine = await get(ctx(), '/api/organisations/mine', creator);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(mine.json<MyOrganisation[]>()).toMatchObject([{ id: organisation.id, myRole: 'COORDINATOR', status: 'PENDING' }]);
    // The identifiers are optional.
    const plain = await createOrganisation(ctx(), creator, { name: 'Shelter', kind: 'SHELTER', fssaiNumber: '', darpanId: null });
    expect(plain).toMatchObject({ fssaiNumber: null, darpanId: null });
  });

  it('checks every field’s format and names the field in the error', async () => {
    const creator = await createTestUser(ctx(), { fullName: 'Format Farah' });
    const cases: [Partial<OrganisationInput>, string, string][] = [
      [{ fssaiNumber: '1234' }, 'fssaiNumber', 'An FSSAI licence number has exactly 14 digits.'],
      [{ darpanId: 'MH/17/123' }, 'darpanId', 'An NGO Darpan id is the state code, the year and 7 digits, like MH/2017/0123456.'],
      [{ pinCode: '01234' }, 'pinCode', 'A pin code is 6 digits and does not start with 0.'],
      [{ name: '  ' }, 'name', 'Name is required.'],
      [{ city: '' }, 'city', 'City is required.'],
      [{ kind: 'CLUB' as 'NGO' }, 'kind', 'Choose what kind of organisation this is.'],
    ];
    for (const [input, field, message] of cases) {
      const response = await call(ctx(), 'POST', '/api/organisations', creator, { ...kitchen, ...input });
      expect(response.statusCode, field).toBe(400);
      const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.fieldErrors[field], field).toBe(message);
    }
    expect((await call(ctx(), 'POST', '/api/organisations', undefined, kitchen)).statusCode).toBe(401);
  });

  it('invites by a single-use, expiring link whose token is never stored', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Coord Kavya' });
    const first = await createTestUser(ctx(), { fullName: 'Member Meena' });
    const second = await createTestUser(ctx(), { fullName: 'Member Nisha' });
    const organisation = await createOrganisation(ctx(), coordinator);
    const invite = await inviteLink(ctx(), coordinator, organisation.id);
    expect(invite.token).toMatch(/^[\w-]{32}$/);
    expect(invite.link).toBe(`/organisations/join/${invite.token}`);
    const stored = await ctx().database.db.selectFrom('organisation_invites').selectAll().where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(invite.token);

    const joined = await call(ctx(), 'POST', '/api/organisations/join', first, { token: invite.token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<Organisation>()).toMatchObject({ id: organisation.id, myRole: 'MEMBER' });
    const again = await call(ctx(), 'POST', '/api/organisations/join', second, { token: invite.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ messageCode: 'INVITE_INVALID' });

    // Expired: made as if INVITE_LINK_DAYS had passed (moving the clock would end the sessions too).
    const late = await inviteLink(ctx(), coordinator, organisation.id);
    expect(new Date(late.expiresAt).getTime() - ctx().clock.now().getTime()).toBe(7 * DAY);
    await ctx().database.db.updateTable('organisation_invites').set({ expires_at: ctx().clock.now().toISOString() }).where('id', '=', late.id).execute();
    expect((await call(ctx(), 'POST', '/api/organisations/join', second, { token: late.token })).statusCode).toBe(404);
    // A member already is told so, and the link stays usable for someone else.
    const fresh = await inviteLink(ctx(), coordinator, organisation.id);
    const twice = await call(ctx(), 'POST', '/api/organisations/join', first, { token: fresh.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ messageCode: 'ALREADY_MEMBER' });
    expect((await call(ctx(), 'POST', '/api/organisations/join', second, { token: fresh.token })).statusCode).toBe(200);
    expect((await members(ctx(), coordinator, organisation.id)).map((member) => member.fullName)).toEqual(['Coord Kavya', 'Member Meena', 'Member Nisha']);
  });

  it('invites by phone: the account with the number is told, and someone who signs up with it later can claim it', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Coord Leela' });
    const invitee = await createTestUser(ctx(), { fullName: 'Invitee Isha', contactNumber: '+919812300001' });
    const organisation = await createOrganisation(ctx(), coordinator, { name: 'Annapurna Trust' });
    const sent = await call(ctx(), 'POST', `/api/organisations/${organisation.id}/invites`, coordinator, { phone: '98123 00001', role: 'COORDINATOR' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<CreatedInvite>()).toMatchObject({ phone: '+919812300001', role: 'COORDINATOR', token: null, link: null });
    expect(await notificationsOf(ctx(), invitee, 'ORGANISATION')).toMatchObject([{ title: 'You are invited to Annapurna Trust', link: '/organisations' }]);
    const waiting = await get(ctx(), '/api/organisations/invites/mine', invitee);
    expect(waiting.json<PendingInvite[]>()).toMatchObject([
      { role: 'COORDINATOR', organisation: { id: organisation.id, name: 'Annapurna Trust', verified: false } },
    ]);
    const inviteId = waiting.json<PendingInvite[]>()[0]?.id;
    // Nobody else can claim it.
    const other = await createTestUser(ctx(), { fullName: 'Other Om' });
    expect((await call(ctx(), 'POST', `/api/organisations/invites/${inviteId}/accept`, other)).statusCode).toBe(404);
    const accepted = await call(ctx(), 'POST', `/api/organisations/invites/${inviteId}/accept`, invitee);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Organisation>()).toMatchObject({ myRole: 'COORDINATOR' });
    expect((await get(ctx(), '/api/organisations/invites/mine', invitee)).json()).toEqual([]);

    // The number has no account yet: the invitation waits for whoever signs up with it.
    expect((await call(ctx(), 'POST', `/api/organisations/${organisation.id}/invites`, coordinator, { phone: '+91 98123 00002' })).statusCode).toBe(201);
    const newcomer = await createTestUser(ctx(), { fullName: 'Newcomer Neel', contactNumber: '+919812300002' });
    const claimable = (await get(ctx(), '/api/organisations/invites/mine', newcomer)).json<PendingInvite[]>();
    expect(claimable).toHaveLength(1);
    expect((await call(ctx(), 'POST', `/api/organisations/invites/${claimable[0]?.id}/accept`, newcomer)).statusCode).toBe(200);

    const bad = await call(ctx(), 'POST', `/api/organisations/${organisation.id}/invites`, coordinator, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { phone: expect.any(String) } });
  });

  it('lets coordinators manage roles and members, never leaving the organisation without a coordinator', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Coord Ravi' });
    const member = await createTestUser(ctx(), { fullName: 'Member Sunil' });
    const organisation = await createOrganisation(ctx(), coordinator);
    await addMember(ctx(), coordinator, organisation.id, member);

    // A member may not manage.
    const refused = await call(ctx(), 'POST', `/api/organisations/${organisation.id}/invites`, member, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageCode: 'ORGANISATION_COORDINATORS_ONLY' });
    expect((await call(ctx(), 'PUT', `/api/organisations/${organisation.id}/members/${coordinator.id}`, member, { role: 'MEMBER' })).statusCode).toBe(403);

    // The only coordinator can neither step down nor leave.
    const stepDown = await call(ctx(), 'PUT', `/api/organisations/${organisation.id}/members/${coordinator.id}`, coordinator, { role: 'MEMBER' });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json()).toMatchObject({
      messageCode: 'LAST_COORDINATOR',
      message: 'An organisation needs a coordinator: make another member coordinator first.',
    });
    expect((await call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${coordinator.id}`, coordinator)).statusCode).toBe(409);

    // Made coordinator, the member lets the first one go.
    expect((await call(ctx(), 'PUT', `/api/organisations/${organisation.id}/members/${member.id}`, coordinator, { role: 'COORDINATOR' })).statusCode).toBe(204);
    expect((await call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${coordinator.id}`, coordinator)).statusCode).toBe(204);
    expect(await members(ctx(), member, organisation.id)).toMatchObject([{ userId: member.id, role: 'COORDINATOR' }]);
    expect((await get(ctx(), `/api/organisations/${organisation.id}/manage`, coordinator)).statusCode).toBe(404);

    // A coordinator removes a member; a member leaves on their own.
    const third = await createTestUser(ctx(), { fullName: 'Member Tara' });
    const fourth = await createTestUser(ctx(), { fullName: 'Member Uma' });
    await addMember(ctx(), member, organisation.id, third);
    await addMember(ctx(), member, organisation.id, fourth);
    expect((await call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${third.id}`, member)).statusCode).toBe(204);
    expect((await call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${fourth.id}`, fourth)).statusCode).toBe(204);
    expect((await call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${third.id}`, member)).json()).toMatchObject({
      messageCode: 'MEMBER_NOT_FOUND',
    });
  });

  it('lets only one of two coordinators leaving at the same moment go', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await createTestUser(ctx(), { fullName: `Coord A${round}` });
      const b = await createTestUser(ctx(), { fullName: `Coord B${round}` });
      const organisation = await createOrganisation(ctx(), a);
      await addMember(ctx(), a, organisation.id, b, 'COORDINATOR');
      const answers = await Promise.all([
        call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${a.id}`, a),
        call(ctx(), 'DELETE', `/api/organisations/${organisation.id}/members/${b.id}`, b),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      const left = await ctx()
        .database.db.selectFrom('organisation_members')
        .select(['user_id', 'role'])
        .where('organisation_id', '=', organisation.id)
        .execute();
      expect(left).toHaveLength(1);
      expect(left[0]?.role).toBe('COORDINATOR');
    }
    // Two stepping down at once likewise.
    const a = await createTestUser(ctx(), { fullName: 'Coord Down A' });
    const b = await createTestUser(ctx(), { fullName: 'Coord Down B' });
    const organisation = await createOrganisation(ctx(), a);
    await addMember(ctx(), a, organisation.id, b, 'COORDINATOR');
    const answers = await Promise.all([
      call(ctx(), 'PUT', `/api/organisations/${organisation.id}/members/${a.id}`, a, { role: 'MEMBER' }),
      call(ctx(), 'PUT', `/api/organisations/${organisation.id}/members/${b.id}`, b, { role: 'MEMBER' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
  });

  it('has admins verify by hand or ask for more, with the note in the audit log and the coordinators told', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Coord Wasim' });
    const organisation = await createOrganisation(ctx(), coordinator, { name: 'Seva Kitchen' });
    expect((await get(ctx(), '/api/admin/organisations', coordinator)).statusCode).toBe(403);
    const queue = await get(ctx(), '/api/admin/organisations', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<ReviewItem[]>().find((item) => item.id === organisation.id)).toMatchObject({
      fssaiNumber: '12345678901234',
      darpanId: 'MH/2017/0123456',
      memberCount: 1,
      status: 'PENDING',
    });

    const noNote = await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, admin, { decision: 'VERIFIED', note: '' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ fieldErrors: { note: 'A note is required.' } });
    expect((await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, coordinator, { decision: 'VERIFIED', note: 'x' })).statusCode).toBe(
      403,
    );

    const asked = await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, admin, {
      decision: 'MORE_INFO_REQUESTED',
      note: 'The FSSAI number belongs to another business. Please check it.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ status: 'MORE_INFO_REQUESTED' });
    expect((await get(ctx(), `/api/organisations/${organisation.id}/manage`, coordinator)).json<Organisation>()).toMatchObject({
      status: 'MORE_INFO_REQUESTED',
      reviewNote: 'The FSSAI number belongs to another business. Please check it.',
    });
    expect(await notificationsOf(ctx(), coordinator, 'ORGANISATION')).toMatchObject([
      {
        title: 'More information needed for Seva Kitchen',
        body: 'The admins need more before verifying "Seva Kitchen": The FSSAI number belongs to another business. Please check it.',
        link: `/organisations/${organisation.id}/manage`,
      },
    ]);
    // Nothing to decide until the coordinators resubmit.
    const early = await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, admin, { decision: 'VERIFIED', note: 'ok' });
    expect(early.statusCode).toBe(409);

    const edited = await call(ctx(), 'PUT', `/api/organisations/${organisation.id}`, coordinator, {
      ...kitchen,
      name: 'Seva Kitchen',
      fssaiNumber: '22222222222222',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Organisation>()).toMatchObject({ status: 'PENDING', fssaiNumber: '22222222222222' });

    const verified = await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, admin, {
      decision: 'VERIFIED',
      note: 'FSSAI 22222222222222 checked on foscos.fssai.gov.in',
    });
    expect(verified.json()).toEqual({ status: 'VERIFIED' });
    expect((await get(ctx(), `/api/organisations/${organisation.id}`)).json<PublicOrganisation>()).toMatchObject({ verified: true });
    expect((await notificationsOf(ctx(), coordinator, 'ORGANISATION'))[0]).toMatchObject({ title: 'Seva Kitchen is verified' });
    expect(await isCoordinatorOfVerifiedOrganisation(ctx().database.db, coordinator.id, organisation.id)).toBe(true);

    const log = await get(ctx(), '/api/admin/audit-log?pageSize=100', admin);
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json<AuditEntry[]>().filter((entry) => entry.targetType === 'ORGANISATION' && entry.targetId === organisation.id);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['VERIFY_ORGANISATION', 'FSSAI 22222222222222 checked on foscos.fssai.gov.in'],
      ['REQUEST_ORGANISATION_INFO', 'The FSSAI number belongs to another business. Please check it.'],
    ]);

    // Changing what the badge vouched for asks for a fresh check; other details keep it.
    const moved = await call(ctx(), 'PUT', `/api/organisations/${organisation.id}`, coordinator, {
      ...kitchen,
      name: 'Seva Kitchen',
      fssaiNumber: '22222222222222',
      city: 'Mumbai',
      pinCode: '400001',
    });
    expect(moved.json<Organisation>()).toMatchObject({ status: 'VERIFIED', city: 'Mumbai' });
    const renamed = await call(ctx(), 'PUT', `/api/organisations/${organisation.id}`, coordinator, {
      ...kitchen,
      name: 'Seva Kitchen 2',
      fssaiNumber: '22222222222222',
    });
    expect(renamed.json<Organisation>()).toMatchObject({ status: 'PENDING', verifiedAt: null });
  });

  it('requests on behalf of an organisation: every member sees it and its code, and any member collects', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Dev' });
    const asker = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Asker Amit' });
    const collector = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Collector Chand' });
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Stranger Sam' });
    const organisation = await createOrganisation(ctx(), asker, { name: 'Shelter Seven' });
    await addMember(ctx(), asker, organisation.id, collector);
    const donation = await donate(ctx(), donor);

    const notMine = await post(ctx(), `/api/requests/create/${donation.id}`, stranger, { organisationId: organisation.id });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ messageCode: 'ORGANISATION_NOT_FOUND', fieldErrors: { organisationId: 'Organisation not found.' } });

    const created = await post(ctx(), `/api/requests/create/${donation.id}`, asker, { paymentMethod: '', organisationId: organisation.id });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<DonationRequest>();
    expect(request.organisation).toEqual({ id: organisation.id, name: 'Shelter Seven', verified: false });

    // What the donor sees in received requests carries the organisation and its badge.
    const received = await get(ctx(), '/api/requests/my-received-requests', donor);
    expect(received.json<DonationRequest[]>().find((item) => item.id === request.id)?.organisation).toEqual({
      id: organisation.id,
      name: 'Shelter Seven',
      verified: false,
    });

    const list = await get(ctx(), `/api/organisations/${organisation.id}/requests`, collector);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<OrganisationRequest[]>()).toMatchObject([{ id: request.id, requesterName: 'Asker Amit', donorName: 'Donor Dev', status: 'PENDING' }]);

    expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
    const code = await get(ctx(), `/api/requests/${request.id}/pickup-code`, collector);
    expect(code.statusCode, code.body).toBe(200);
    expect((await get(ctx(), `/api/requests/${request.id}/pickup-code`, stranger)).statusCode).toBe(404);

    const confirmed = await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code.json<PickupInfo>().pickupCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await get(ctx(), `/api/organisations/${organisation.id}`)).json<PublicOrganisation>()).toMatchObject({ handoversCompleted: 1, memberCount: 2 });
  });

  it('donates as an organisation: the badge shows on the card and the page, and only members may', async () => {
    const giver = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Giver Gita' });
    const outsider = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Outsider Om' });
    const organisation = await createOrganisation(ctx(), giver, { name: 'Hotel Annapoorna', kind: 'RESTAURANT_OR_CATERER' });

    const refused = await post(ctx(), '/api/donations', outsider, { ...baseDonation, organisationId: organisation.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ fieldErrors: { organisationId: 'Organisation not found.' } });

    const donation = await donate(ctx(), giver, { organisationId: organisation.id });
    expect(donation.organisation).toEqual({ id: organisation.id, name: 'Hotel Annapoorna', verified: false });
    await call(ctx(), 'POST', `/api/admin/organisations/${organisation.id}/review`, admin, { decision: 'VERIFIED', note: 'Licence checked' });

    const page = await get(ctx(), `/api/browse/donations/${donation.id}`);
    expect(page.json<Donation>().organisation).toEqual({ id: organisation.id, name: 'Hotel Annapoorna', verified: true });
    const browse = await get(ctx(), '/api/browse/donations?pageSize=100');
    expect(browse.json<Donation[]>().find((item) => item.id === donation.id)?.organisation).toMatchObject({ verified: true });
    const alone = await donate(ctx(), giver);
    expect(alone.organisation).toBeNull();
    expect((await get(ctx(), `/api/organisations/${organisation.id}`)).json<PublicOrganisation>()).toMatchObject({ donationsGiven: 1 });
  });

  it('shows the public page to anyone, without members or their contacts', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Private Priya', contactNumber: '+919812300099' });
    const organisation = await createOrganisation(ctx(), coordinator, { name: 'Open Hands' });
    const response = await get(ctx(), `/api/organisations/${organisation.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicOrganisation>();
    expect(Object.keys(body).sort()).toEqual(['city', 'createdAt', 'donationsGiven', 'handoversCompleted', 'id', 'kind', 'memberCount', 'name', 'verified']);
    expect(response.body).not.toContain('Private Priya');
    expect(response.body).not.toContain('9812300099');
    expect(response.body).not.toContain('12345678901234');
    expect((await get(ctx(), '/api/organisations/2000000000')).statusCode).toBe(404);
  });

  it('answers 404 on everything private to strangers, members of other organisations and admins', async () => {
    const coordinator = await createTestUser(ctx(), { fullName: 'Owner Omar' });
    const rival = await createTestUser(ctx(), { fullName: 'Rival Rekha' });
    const stranger = await createTestUser(ctx(), { fullName: 'Stranger Sita' });
    const organisation = await createOrganisation(ctx(), coordinator);
    await createOrganisation(ctx(), rival, { name: 'Other org' });
    const invite = await inviteLink(ctx(), coordinator, organisation.id);
    const id = organisation.id;
    const calls: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', `/api/organisations/${id}/manage`],
      ['GET', `/api/organisations/${id}/members`],
      ['GET', `/api/organisations/${id}/invites`],
      ['GET', `/api/organisations/${id}/requests`],
      ['PUT', `/api/organisations/${id}`, kitchen],
      ['POST', `/api/organisations/${id}/invites`, {}],
      ['DELETE', `/api/organisations/${id}/invites/${invite.id}`],
      ['PUT', `/api/organisations/${id}/members/${coordinator.id}`, { role: 'MEMBER' }],
      ['DELETE', `/api/organisations/${id}/members/${coordinator.id}`],
    ];
    for (const [method, url, payload] of calls) {
      for (const who of [rival, stranger, admin]) {
        const response = await call(ctx(), method, url, who, payload);
        expect(response.statusCode, `${method} ${url} as ${who.fullName}`).toBe(404);
        expect(response.json()).toMatchObject({ messageCode: 'ORGANISATION_NOT_FOUND' });
      }
      expect((await call(ctx(), method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    expect(await members(ctx(), coordinator, id)).toHaveLength(1);
  });

  it('exports memberships, and on erasure hands the coordinator’s role on and keeps the organisation', async () => {
    const founder = await registerPerson(ctx(), { fullName: 'Founder Farida' });
    const founderUser: TestUser = {
      id: 0,
      token: founder.token,
      fullName: founder.fullName,
      contactNumber: founder.contactNumber,
      headers: bearer(founder.token),
    };
    const organisation = await createOrganisation(ctx(), founderUser, { name: 'Legacy Kitchen' });
    const elder = await createTestUser(ctx(), { fullName: 'Elder Ela' });
    ctx().clock.advance(1000);
    const younger = await createTestUser(ctx(), { fullName: 'Younger Yash' });
    await addMember(ctx(), founderUser, organisation.id, elder);
    ctx().clock.advance(1000);
    await addMember(ctx(), founderUser, organisation.id, younger);

    const exported = await ctx().app.inject({ method: 'GET', url: '/api/me/export', headers: founderUser.headers, remoteAddress: freshAddress() });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<{ organisations: unknown[] }>().organisations).toEqual([
      expect.objectContaining({ organisationId: organisation.id, name: 'Legacy Kitchen', role: 'COORDINATOR', creator: true }),
    ]);

    const erased = await ctx().app.inject({ method: 'DELETE', url: '/api/me', headers: founderUser.headers, payload: { currentPassword: STRONG_PASSWORD } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await members(ctx(), elder, organisation.id)).toMatchObject([
      { userId: elder.id, role: 'COORDINATOR' },
      { userId: younger.id, role: 'MEMBER' },
    ]);
    expect(await organisationIdsOf(ctx().database.db, elder.id)).toEqual([organisation.id]);

    // The last member going leaves the record, without members.
    const solo = await registerPerson(ctx(), { fullName: 'Solo Sanjay' });
    const soloUser: TestUser = { id: 0, token: solo.token, fullName: solo.fullName, contactNumber: solo.contactNumber, headers: bearer(solo.token) };
    const alone = await createOrganisation(ctx(), soloUser, { name: 'Solo Seva' });
    const gone = await ctx().app.inject({ method: 'DELETE', url: '/api/me', headers: soloUser.headers, payload: { currentPassword: STRONG_PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(ctx(), `/api/organisations/${alone.id}`)).json<PublicOrganisation>()).toMatchObject({ name: 'Solo Seva', memberCount: 0 });
  });
});
