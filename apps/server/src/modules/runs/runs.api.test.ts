import type { NotificationPage } from '@annadaan/contract/notifications';
import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { type MyVolunteer, RUN_PICKUP_WITHIN_MINUTES, type Run, VOLUNTEER_TERMS_VERSION, WALKTHROUGH } from '@annadaan/contract/runs';
import { expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { STRONG_PASSWORD } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate, donationStatus, get, post, wrongCode } from '../../../test/test-handover';
import { signUp } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';

const RIGHT_ANSWERS = Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer]));
/** A pickup in Pune's Shivajinagar; volunteers near it cover it, ones in Mumbai do not. */
const PICKUP = { location: 'Shop 4, FC Road, Shivajinagar, Pune 411004', geolocation: '18.5236,73.8478' };
const DROPOFF = { address: 'Night shelter, Lane 3, Kothrud, Pune 411038', geolocation: '18.5074,73.8077' };

function application(overrides: Record<string, unknown> = {}) {
  return {
    answers: RIGHT_ANSWERS,
    termsVersion: VOLUNTEER_TERMS_VERSION,
    areaLabel: 'Shivajinagar, Pune',
    geolocation: '18.53,73.85',
    radiusKm: 5,
    travelMode: 'TWO_WHEELER',
    ...overrides,
  };
}

async function put(ctx: TestContext, url: string, user: TestUser, payload: object) {
  return ctx.app.inject({ method: 'PUT', url, headers: user.headers, payload });
}

async function approvedVolunteer(ctx: TestContext, admin: TestUser, name: string, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const person = await createTestUser(ctx, { role: 'RECEIVER', fullName: name });
  const applied = await put(ctx, '/api/volunteer/me', person, application(overrides));
  expect(applied.statusCode, applied.body).toBe(200);
  const decided = await post(ctx, `/api/admin/volunteers/${person.id}/decision`, admin, { decision: 'APPROVE', note: '' });
  expect(decided.statusCode, decided.body).toBe(200);
  return person;
}

async function kindsOf(ctx: TestContext, person: TestUser): Promise<string[]> {
  const response = await get(ctx, '/api/notifications?limit=50', person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>().items.map((item) => item.kind);
}

/** Donor, receiver asking for delivery, the donor's acceptance: the run, and the receiver's code. */
async function deliveryRun(ctx: TestContext, label: string) {
  const donor = await createTestUser(ctx, { role: 'DONOR', fullName: `Donor ${label}` });
  const receiver = await createTestUser(ctx, { role: 'RECEIVER', fullName: `Receiver ${label}` });
  const donation = await donate(ctx, donor, { ...PICKUP, deliveryType: 'DELIVERY_PARTNER' });
  const requested = await post(ctx, `/api/requests/create/${donation.id}`, receiver, { delivery: 'DELIVER', dropoff: DROPOFF });
  expect(requested.statusCode, requested.body).toBe(201);
  const request = requested.json<DonationRequest>();
  expect(request).toMatchObject({ deliveryChoice: 'DELIVER', dropoffAddress: DROPOFF.address, runId: null });
  const accepted = await post(ctx, `/api/requests/${request.id}/accept`, donor);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const runId = accepted.json<DonationRequest>().runId as number;
  expect(accepted.json<DonationRequest>().runStatus).toBe('OPEN');
  const code = (await get(ctx, `/api/requests/${request.id}/pickup-code`, receiver)).json<PickupInfo>().pickupCode;
  return { donor, receiver, donation, request, runId, code };
}

async function runAs(ctx: TestContext, runId: number, who: TestUser) {
  return get(ctx, `/api/runs/${runId}`, who);
}

describeEachDatabase('volunteers and delivery runs', (ctx) => {
  it('a person applies with the walkthrough and the terms, an admin approves, and they are told', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Asha' });
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Vikram Volunteer' });
    expect((await get(ctx(), '/api/volunteer/me', person)).json()).toEqual({ volunteer: null });

    const wrong = await put(ctx(), '/api/volunteer/me', person, application({ answers: { ...RIGHT_ANSWERS, hot: 'warm' } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ 'answers.hot': 'This answer is not right. Read the step again and choose again.' });
    const oldTerms = await put(ctx(), '/api/volunteer/me', person, application({ termsVersion: '2020-01-01', radiusKm: 80 }));
    expect(oldTerms.statusCode).toBe(400);
    expect(Object.keys(oldTerms.json().fieldErrors as object).sort()).toEqual(['radiusKm', 'termsVersion']);
    expect((await get(ctx(), '/api/volunteer/me', person)).json()).toEqual({ volunteer: null });

    const applied = await put(ctx(), '/api/volunteer/me', person, application());
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<MyVolunteer>()).toMatchObject({
      status: 'APPLIED',
      radiusKm: 5,
      travelMode: 'TWO_WHEELER',
      termsVersion: VOLUNTEER_TERMS_VERSION,
      delivered: 0,
    });
    // Not approved yet: no runs, and the directory does not list them as a volunteer.
    expect((await get(ctx(), '/api/runs/near', person)).statusCode).toBe(403);
    const volunteersListed = async () =>
      (await get(ctx(), '/api/directory/users/search?role=VOLUNTEER&pageSize=100', admin)).json<{ id: number }[]>().map((entry) => entry.id);
    expect(await volunteersListed()).not.toContain(person.id);
    const queue = await get(ctx(), '/api/admin/volunteers', admin);
    expect(queue.json<{ userId: number }[]>().map((entry) => entry.userId)).toContain(person.id);
    expect((await get(ctx(), '/api/admin/volunteers', person)).statusCode).toBe(403);

    const approved = await post(ctx(), `/api/admin/volunteers/${person.id}/decision`, admin, { decision: 'APPROVE', note: 'Checked by phone' });
    expect(approved.json<MyVolunteer>().status).toBe('APPROVED');
    expect(await kindsOf(ctx(), person)).toContain('VOLUNTEERING');
    expect((await get(ctx(), '/api/runs/near', person)).statusCode).toBe(200);
    expect(await volunteersListed()).toContain(person.id);
    expect((await post(ctx(), '/api/admin/volunteers/999999/decision', admin, { decision: 'APPROVE' })).statusCode).toBe(404);
    const decisions = await ctx()
      .database.db.selectFrom('volunteer_decisions')
      .select(['decision', 'note', 'decided_by', 'organisation_id'])
      .where('user_id', '=', person.id)
      .execute();
    expect(decisions).toEqual([{ decision: 'APPROVE', note: 'Checked by phone', decided_by: admin.id, organisation_id: null }]);
  });

  it("a coordinator of a verified organisation approves a member who applied; members follow the organisation's runs", async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const coordinator = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Coordinator Kavita' });
    const created = await post(ctx(), '/api/organisations', coordinator, { name: 'Roti Bank Pune', kind: 'NGO', city: 'Pune', pinCode: '411004' });
    expect(created.statusCode, created.body).toBe(201);
    const organisationId = created.json<{ id: number }>().id;
    const member = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Member Manoj' });
    const link = await post(ctx(), `/api/organisations/${organisationId}/invites`, coordinator, {});
    expect((await post(ctx(), '/api/organisations/join', member, { token: link.json<{ token: string }>().token })).statusCode).toBe(200);
    expect((await put(ctx(), '/api/volunteer/me', member, application())).statusCode).toBe(200);
    const outsider = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Outsider' });

    const listed = await get(ctx(), `/api/organisations/${organisationId}/volunteers`, coordinator);
    expect(listed.json<{ userId: number; status: string }[]>()).toEqual([expect.objectContaining({ userId: member.id, status: 'APPLIED' })]);
    expect((await get(ctx(), `/api/organisations/${organisationId}/volunteers`, outsider)).statusCode).toBe(404);
    const decide = (who: TestUser) =>
      post(ctx(), `/api/organisations/${organisationId}/volunteers/${member.id}/decision`, who, { decision: 'APPROVE', note: '' });
    // Not verified yet: the coordinator may not approve; another member never may.
    expect((await decide(coordinator)).json().messageCode).toBe('VOLUNTEER_COORDINATOR_ONLY');
    const verified = await post(ctx(), `/api/admin/organisations/${organisationId}/review`, admin, { decision: 'VERIFIED', note: 'Darpan id checked' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await decide(member)).statusCode).toBe(403);
    expect((await decide(outsider)).statusCode).toBe(404);
    const approved = await decide(coordinator);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<MyVolunteer>().status).toBe('APPROVED');
    expect((await decide(coordinator)).json().messageCode).toBe('VOLUNTEER_NOT_WAITING');
    const decisions = await ctx()
      .database.db.selectFrom('volunteer_decisions')
      .select(['decided_by', 'organisation_id'])
      .where('user_id', '=', member.id)
      .execute();
    expect(decisions).toEqual([{ decided_by: coordinator.id, organisation_id: organisationId }]);
    expect(await kindsOf(ctx(), member)).toContain('VOLUNTEERING');

    // A delivery asked for on the organisation's behalf: every member follows it, nobody else.
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Org' });
    const donation = await donate(ctx(), donor, { ...PICKUP, deliveryType: 'ANY' });
    const requested = await post(ctx(), `/api/requests/create/${donation.id}`, coordinator, { delivery: 'DELIVER', dropoff: DROPOFF, organisationId });
    expect(requested.statusCode, requested.body).toBe(201);
    const accepted = await post(ctx(), `/api/requests/${requested.json<DonationRequest>().id}/accept`, donor);
    const runId = accepted.json<DonationRequest>().runId as number;
    const runs = await get(ctx(), `/api/organisations/${organisationId}/runs`, member);
    expect(runs.json<Run[]>().map((run) => [run.id, run.viewerRole])).toEqual([[runId, 'ORGANISATION']]);
    expect((await get(ctx(), `/api/organisations/${organisationId}/runs`, outsider)).statusCode).toBe(404);
    const asMember = (await runAs(ctx(), runId, member)).json<Run>();
    expect(asMember.viewerRole).toBe('ORGANISATION');
    expect(asMember.events?.map((event) => event.kind)).toEqual(['CREATED']);
    expect(asMember).not.toHaveProperty('dropoffAddress');
    expect((await post(ctx(), `/api/runs/${runId}/collect-myself`, member)).statusCode).toBe(403);
  });

  it('delivery only where the donor offers it; the earlier client still collects', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Self' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Receiver Self' });
    const selfOnly = await donate(ctx(), donor, PICKUP);
    const refused = await post(ctx(), `/api/requests/create/${selfOnly.id}`, receiver, { delivery: 'DELIVER', dropoff: DROPOFF });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ delivery: 'The donor offers this food for self-pickup only.' });
    const noDropoff = await post(ctx(), `/api/requests/create/${(await donate(ctx(), donor, { ...PICKUP, deliveryType: 'ANY' })).id}`, receiver, {
      delivery: 'DELIVER',
    });
    expect(noDropoff.statusCode).toBe(400);
    expect(noDropoff.json().fieldErrors).toEqual({ 'dropoff.address': 'Enter where the food should be delivered.' });
    const earlier = await post(ctx(), `/api/requests/create/${selfOnly.id}`, receiver, { paymentMethod: '' });
    expect(earlier.statusCode).toBe(201);
    const accepted = await post(ctx(), `/api/requests/${earlier.json<DonationRequest>().id}/accept`, donor);
    expect(accepted.json<DonationRequest>()).toMatchObject({ deliveryChoice: 'COLLECT', runId: null, runStatus: null });
    expect(await ctx().database.db.selectFrom('delivery_runs').select('id').where('donation_id', '=', selfOnly.id).execute()).toEqual([]);
  });

  it('claims, picks up with the handover code and delivers with the pickup code; addresses only while carrying', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const volunteer = await approvedVolunteer(ctx(), admin, 'Vimla Volunteer');
    const farAway = await approvedVolunteer(ctx(), admin, 'Mumbai Volunteer', { geolocation: '19.07,72.87', areaLabel: 'Bandra, Mumbai' });
    const { donor, receiver, donation, request, runId, code } = await deliveryRun(ctx(), 'flow');

    expect(await kindsOf(ctx(), volunteer)).toContain('RUN_AVAILABLE');
    expect(await kindsOf(ctx(), farAway)).not.toContain('RUN_AVAILABLE');
    const near = await get(ctx(), '/api/runs/near', volunteer);
    const listed = near.json<Run[]>().find((run) => run.id === runId) as Run;
    expect(listed).toMatchObject({ status: 'OPEN', pickupArea: 'Shivajinagar, Pune 411004', dropoffArea: 'Kothrud, Pune 411038', viewerRole: 'OPEN_TO_CLAIM' });
    expect(listed.distanceKm).toBeLessThan(5);
    expect(listed.runDistanceKm).toBeGreaterThan(3);
    for (const secret of ['pickupAddress', 'dropoffAddress', 'donorContactNumber', 'receiverContactNumber', 'handoverCode', 'events'])
      expect(listed).not.toHaveProperty(secret);
    expect(near.body).not.toContain('FC Road');
    expect((await get(ctx(), '/api/runs/near', farAway)).json<Run[]>().map((run) => run.id)).not.toContain(runId);

    const claimed = await post(ctx(), `/api/runs/${runId}/claim`, volunteer);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const carrying = claimed.json<Run>();
    expect(carrying).toMatchObject({ status: 'CLAIMED', viewerRole: 'VOLUNTEER', pickupAddress: PICKUP.location, dropoffAddress: DROPOFF.address });
    expect(carrying.donorContactNumber).toBe(donor.contactNumber.slice(3));
    expect(carrying.receiverContactNumber).toBe(receiver.contactNumber.slice(3));
    expect(carrying.handoverCode).toMatch(/^\d{6}$/);
    expect(await kindsOf(ctx(), donor)).toContain('RUN_UPDATE');
    expect(await kindsOf(ctx(), receiver)).toContain('RUN_UPDATE');
    const donorView = (await runAs(ctx(), runId, donor)).json<Run>();
    expect(donorView).toMatchObject({ viewerRole: 'DONOR', volunteerName: 'Vimla', volunteerContactNumber: volunteer.contactNumber.slice(3) });
    expect(donorView).not.toHaveProperty('handoverCode');
    expect((await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).statusCode).toBe(200);

    const wrong = await post(ctx(), `/api/runs/${runId}/pickup`, donor, { handoverCode: wrongCode(carrying.handoverCode as string) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ handoverCode: 'This handover code is not correct. Ask the volunteer to read it again.' });
    expect((await post(ctx(), `/api/runs/${runId}/pickup`, volunteer, { handoverCode: carrying.handoverCode })).statusCode).toBe(403);
    ctx().clock.advance(10 * MINUTE);
    const picked = await post(ctx(), `/api/runs/${runId}/pickup`, donor, { handoverCode: carrying.handoverCode, kept: 'HOT', temperatureC: 68 });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<Run>()).toMatchObject({ status: 'PICKED_UP', kept: 'HOT', temperatureC: 68 });
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code })).json().messageCode).toBe('RUN_IN_PROGRESS');
    expect((await post(ctx(), `/api/runs/${runId}/release`, volunteer)).json().messageCode).toBe('RUN_RELEASE_TOO_LATE');

    ctx().clock.advance(20 * MINUTE);
    const delivered = await post(ctx(), `/api/runs/${runId}/deliver`, volunteer, { pickupCode: code });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const done = delivered.json<Run>();
    expect(done.status).toBe('DELIVERED');
    for (const secret of ['pickupAddress', 'dropoffAddress', 'donorContactNumber', 'receiverContactNumber', 'handoverCode'])
      expect(done).not.toHaveProperty(secret);
    expect(done.events?.map((event) => event.kind)).toEqual(['CREATED', 'CLAIMED', 'PICKED_UP', 'DELIVERED']);
    expect(done.events?.[2]).toMatchObject({ kept: 'HOT', temperatureC: 68 });
    expect(await donationStatus(ctx(), donation.id)).toBe('COMPLETED');
    const receiverSees = (await get(ctx(), '/api/requests/my-sent-requests', receiver)).json<DonationRequest[]>().find((entry) => entry.id === request.id);
    expect(receiverSees).toMatchObject({ status: 'COMPLETED', runStatus: 'DELIVERED' });
    expect((await runAs(ctx(), runId, donor)).json<Run>()).not.toHaveProperty('volunteerContactNumber');
    expect(await kindsOf(ctx(), volunteer)).toContain('VOLUNTEERING');

    // Ratings: donor and receiver rate the volunteer, the volunteer rates both, once each.
    expect((await runAs(ctx(), runId, volunteer)).json<Run>().canRate).toEqual(['DONOR', 'RECEIVER']);
    expect((await post(ctx(), `/api/runs/${runId}/ratings`, donor, { ratee: 'VOLUNTEER', rating: 5, comment: 'On time' })).statusCode).toBe(200);
    expect((await post(ctx(), `/api/runs/${runId}/ratings`, donor, { ratee: 'VOLUNTEER', rating: 4 })).statusCode).toBe(409);
    expect((await post(ctx(), `/api/runs/${runId}/ratings`, donor, { ratee: 'RECEIVER', rating: 4 })).statusCode).toBe(400);
    expect((await post(ctx(), `/api/runs/${runId}/ratings`, volunteer, { ratee: 'RECEIVER', rating: 5 })).json<Run>().canRate).toEqual(['DONOR']);
    expect((await get(ctx(), '/api/volunteer/me', volunteer)).json<{ volunteer: MyVolunteer }>().volunteer.delivered).toBe(1);
    const history = await get(ctx(), '/api/runs/mine?view=history', volunteer);
    expect(history.json<Run[]>().map((run) => run.id)).toEqual([runId]);
  });

  it('404 for strangers, applicants and other volunteers once claimed; 409 to a second claimer', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const first = await approvedVolunteer(ctx(), admin, 'First Volunteer');
    const second = await approvedVolunteer(ctx(), admin, 'Second Volunteer');
    const applicant = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Applicant' });
    await put(ctx(), '/api/volunteer/me', applicant, application());
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Stranger' });
    const { donor, receiver, runId } = await deliveryRun(ctx(), 'access');
    expect((await runAs(ctx(), runId, stranger)).statusCode).toBe(404);
    expect((await runAs(ctx(), runId, applicant)).statusCode).toBe(404);
    expect((await post(ctx(), `/api/runs/${runId}/claim`, applicant)).statusCode).toBe(403);
    expect((await post(ctx(), `/api/runs/${runId}/claim`, donor)).statusCode).toBe(403);
    expect((await runAs(ctx(), runId, second)).statusCode).toBe(200);
    expect((await post(ctx(), `/api/runs/${runId}/claim`, first)).statusCode).toBe(200);
    expect((await runAs(ctx(), runId, second)).statusCode).toBe(404);
    const late = await post(ctx(), `/api/runs/${runId}/claim`, second);
    expect(late.statusCode).toBe(409);
    expect(late.json().messageCode).toBe('RUN_ALREADY_CLAIMED');
    for (const action of ['release', 'collect-myself']) expect((await post(ctx(), `/api/runs/${runId}/${action}`, stranger)).statusCode).toBe(404);
    expect((await post(ctx(), `/api/runs/${runId}/deliver`, second, { pickupCode: '123456' })).statusCode).toBe(404);
    expect((await post(ctx(), `/api/runs/${runId}/release`, receiver)).statusCode).toBe(403);
  });

  it('50 parallel claims give one winner (on PostgreSQL across two instances of the server)', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const volunteers = await Promise.all(Array.from({ length: 50 }, (_, index) => approvedVolunteer(ctx(), admin, `Racer ${index}`)));
    const { runId } = await deliveryRun(ctx(), 'race');
    // Half the claims reach a second instance on its own connection pool, as behind a balancer.
    const other = (await ctx().secondInstance()) ?? ctx().app;
    const answers = await Promise.all(
      volunteers.map((volunteer, index) =>
        (index % 2 === 0 ? ctx().app : other).inject({ method: 'POST', url: `/api/runs/${runId}/claim`, headers: volunteer.headers }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((status) => status === 200)).toHaveLength(1);
    expect(codes.filter((status) => status === 409)).toHaveLength(49);
    const events = await ctx().database.db.selectFrom('run_events').select('kind').where('run_id', '=', runId).where('kind', '=', 'CLAIMED').execute();
    expect(events).toHaveLength(1);
  });

  it('a release and a missed pickup put the run back and tell the others; fallback warns donor and receiver in time', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const volunteer = await approvedVolunteer(ctx(), admin, 'Late Volunteer');
    const other = await approvedVolunteer(ctx(), admin, 'Other Volunteer');
    const { donor, receiver, runId } = await deliveryRun(ctx(), 'release');
    expect((await post(ctx(), `/api/runs/${runId}/claim`, volunteer)).statusCode).toBe(200);
    const released = await post(ctx(), `/api/runs/${runId}/release`, volunteer);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<Run>().status).toBe('OPEN');
    expect((await kindsOf(ctx(), other)).filter((kind) => kind === 'RUN_AVAILABLE')).toHaveLength(2);

    expect((await post(ctx(), `/api/runs/${runId}/claim`, volunteer)).statusCode).toBe(200);
    ctx().clock.advance(RUN_PICKUP_WITHIN_MINUTES * MINUTE);
    await ctx().app.jobs.runDue();
    const after = (await runAs(ctx(), runId, donor)).json<Run>();
    expect(after.status).toBe('OPEN');
    expect(after.events?.map((event) => event.kind)).toEqual(['CREATED', 'CLAIMED', 'RELEASED', 'CLAIMED', 'NO_SHOW']);
    expect((await get(ctx(), '/api/volunteer/me', volunteer)).json<{ volunteer: MyVolunteer }>().volunteer.noShows).toBe(1);
    expect((await runAs(ctx(), runId, volunteer)).statusCode).toBe(200);

    // Cooked food lives 4 hours: an hour before it expires, nobody has it: both are told.
    ctx().clock.advance(2 * 60 * MINUTE);
    await ctx().app.jobs.runDue();
    expect((await runAs(ctx(), runId, receiver)).json<Run>().events?.at(-1)?.kind).toBe('FALLBACK');
    const receiverKinds = await kindsOf(ctx(), receiver);
    expect(receiverKinds.filter((kind) => kind === 'RUN_UPDATE').length).toBeGreaterThanOrEqual(4);

    // The receiver goes themselves: the run ends and the donor confirms their code as always.
    const myself = await post(ctx(), `/api/runs/${runId}/collect-myself`, receiver);
    expect(myself.json<Run>().status).toBe('CANCELLED');
  });

  it('a donor confirming in person ends a claimed run and tells its volunteer; food no longer safe is recorded for disposal', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const volunteer = await approvedVolunteer(ctx(), admin, 'Careful Volunteer');
    const inPerson = await deliveryRun(ctx(), 'in person');
    expect((await post(ctx(), `/api/runs/${inPerson.runId}/claim`, volunteer)).statusCode).toBe(200);
    const confirmed = await post(ctx(), `/api/requests/${inPerson.request.id}/confirm-pickup`, inPerson.donor, { pickupCode: inPerson.code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await runAs(ctx(), inPerson.runId, volunteer)).json<Run>().status).toBe('CANCELLED');

    const spoilt = await deliveryRun(ctx(), 'spoilt');
    const claimed = (await post(ctx(), `/api/runs/${spoilt.runId}/claim`, volunteer)).json<Run>();
    expect((await post(ctx(), `/api/runs/${spoilt.runId}/dispose`, volunteer, { reason: 'Smelled sour' })).json().messageCode).toBe('RUN_NOT_PICKED_UP');
    await post(ctx(), `/api/runs/${spoilt.runId}/pickup`, spoilt.donor, { handoverCode: claimed.handoverCode, kept: 'AMBIENT' });
    expect((await post(ctx(), `/api/runs/${spoilt.runId}/dispose`, volunteer, { reason: '' })).statusCode).toBe(400);
    const disposed = await post(ctx(), `/api/runs/${spoilt.runId}/dispose`, volunteer, { reason: 'The dal smelled sour after the rain delay' });
    expect(disposed.statusCode, disposed.body).toBe(200);
    expect(disposed.json<Run>()).toMatchObject({ status: 'DISPOSED', disposalReason: 'The dal smelled sour after the rain delay' });
    expect(await donationStatus(ctx(), spoilt.donation.id)).toBe('EXPIRED');
    const request = (await get(ctx(), '/api/requests/my-sent-requests', spoilt.receiver))
      .json<DonationRequest[]>()
      .find((entry) => entry.id === spoilt.request.id);
    expect(request?.status).toBe('CANCELLED');
  });

  it('exports a volunteer’s runs and record; deleting the account gives a claimed run back', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin' });
    const volunteer = await signUp(ctx(), 'Leaving Volunteer', 'RECEIVER', 'Shivajinagar, Pune 411004');
    expect((await put(ctx(), '/api/volunteer/me', volunteer, application())).statusCode).toBe(200);
    await post(ctx(), `/api/admin/volunteers/${volunteer.id}/decision`, admin, { decision: 'APPROVE' });
    const { donor, runId } = await deliveryRun(ctx(), 'erasure');
    expect((await post(ctx(), `/api/runs/${runId}/claim`, volunteer)).statusCode).toBe(200);
    const exported = await get(ctx(), '/api/me/export', volunteer);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({
      volunteering: { record: { status: 'APPROVED', area_label: 'Shivajinagar, Pune' } },
      runs: { runs: [{ id: runId, status: 'CLAIMED' }] },
    });
    const deleted = await ctx().app.inject({ method: 'DELETE', url: '/api/me', headers: volunteer.headers, payload: { currentPassword: STRONG_PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await runAs(ctx(), runId, donor)).json<Run>().status).toBe('OPEN');
    expect(await ctx().database.db.selectFrom('volunteers').select('user_id').where('user_id', '=', volunteer.id).execute()).toEqual([]);
  });
});
