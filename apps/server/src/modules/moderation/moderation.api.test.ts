import type { Donation } from '@annadaan/contract/donations';
import type { NotificationPage } from '@annadaan/contract/notifications';
import { type AuditEntry, type ModerationQueueItem, type ModerationResult, REPORTS_PER_HOUR, SUSPENDED_FOR_GOOD } from '@annadaan/contract/moderation';
import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { DAY, HOUR } from '../../lib/clock';
import { STRONG_PASSWORD, freshAddress } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { type Person, foodNeed, signUp } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';

async function report(ctx: TestContext, who: TestUser, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/reports', headers: who.headers, payload });
}

async function act(ctx: TestContext, admin: TestUser, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/moderation/actions', headers: admin.headers, payload });
}

async function notificationsOf(ctx: TestContext, who: TestUser, kind: string) {
  const response = await get(ctx, '/api/notifications', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>().items.filter((item) => item.kind === kind);
}

async function queue(ctx: TestContext, admin: TestUser): Promise<ModerationQueueItem[]> {
  const response = await get(ctx, '/api/admin/reports', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationQueueItem[]>();
}

async function auditRows(ctx: TestContext) {
  return ctx.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}

async function browseIds(ctx: TestContext, who?: TestUser): Promise<number[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/browse/donations?pageSize=100',
    headers: { 'cache-control': 'no-cache', ...(who?.headers ?? {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Donation[]>().map((donation) => donation.id);
}

async function login(ctx: TestContext, person: Person) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: STRONG_PASSWORD }, remoteAddress: freshAddress() });
}

async function postNeed(ctx: TestContext, who: TestUser): Promise<number> {
  const response = await post(ctx, '/api/food-requests/create', who, foodNeed());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function openNeedIds(ctx: TestContext, who: TestUser): Promise<number[]> {
  const response = await get(ctx, '/api/food-requests/open?pageSize=100', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OpenFoodRequest[]>().map((need) => need.id);
}

describeEachDatabase('reports', (ctx) => {
  let donor: TestUser;
  let reporter: TestUser;
  let donation: Donation;
  beforeEach(async () => {
    donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Devika' });
    reporter = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Reporter Rohan' });
    donation = await donate(ctx(), donor);
  });

  it('files a report on a donation, a food need and a user', async () => {
    const first = await report(ctx(), reporter, { targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE', details: 'Smelled sour' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE', details: 'Smelled sour', status: 'OPEN' });
    const needId = await postNeed(ctx(), donor);
    const need = await report(ctx(), reporter, { targetType: 'FOOD_NEED', targetId: needId, reason: 'SPAM' });
    expect(need.statusCode, need.body).toBe(201);
    expect(need.json()).toMatchObject({ details: '' });
    const user = await report(ctx(), reporter, { targetType: 'USER', targetId: donor.id, reason: 'ABUSIVE', details: 'Rude on the phone' });
    expect(user.statusCode, user.body).toBe(201);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ targetId: donation.id, reason: 'SPAM' }, 'targetType'],
      [{ targetType: 'RECIPE', targetId: donation.id, reason: 'SPAM' }, 'targetType'],
      [{ targetType: 'DONATION', targetId: -3, reason: 'SPAM' }, 'targetId'],
      [{ targetType: 'DONATION', targetId: 'abc', reason: 'SPAM' }, 'targetId'],
      [{ targetType: 'DONATION', targetId: donation.id }, 'reason'],
      [{ targetType: 'DONATION', targetId: donation.id, reason: 'BORING' }, 'reason'],
      [{ targetType: 'DONATION', targetId: donation.id, reason: 'OTHER', details: 'x'.repeat(1001) }, 'details'],
    ];
    for (const [payload, field] of cases) {
      const response = await report(ctx(), reporter, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toContain(field);
    }
    expect(await ctx().database.db.selectFrom('reports').select('id').where('reporter_id', '=', reporter.id).execute()).toEqual([]);
  });

  it('is 404 for unknown targets and 403 for oneself or one’s own listing', async () => {
    for (const targetType of ['DONATION', 'FOOD_NEED', 'USER']) {
      const response = await report(ctx(), reporter, { targetType, targetId: 2_000_000_000, reason: 'SPAM' });
      expect(response.statusCode, response.body).toBe(404);
    }
    const own = await report(ctx(), donor, { targetType: 'DONATION', targetId: donation.id, reason: 'SPAM' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'You cannot report yourself or your own listing.' });
    const self = await report(ctx(), reporter, { targetType: 'USER', targetId: reporter.id, reason: 'SPAM' });
    expect(self.statusCode).toBe(403);
  });

  it('keeps one open report per reporter and target, even when two arrive at once', async () => {
    const payload = { targetType: 'DONATION', targetId: donation.id, reason: 'SPAM' };
    const answers = await Promise.all([report(ctx(), reporter, payload), report(ctx(), reporter, payload)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const again = await report(ctx(), reporter, { ...payload, reason: 'OTHER' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_REPORT', message: 'You have already reported this, and an admin has not looked at it yet.' });
    // Someone else may report the same donation.
    const other = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Other Ojas' });
    expect((await report(ctx(), other, payload)).statusCode).toBe(201);
    // Once an admin decided, the same person may report it again.
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Anil' });
    expect((await act(ctx(), admin, { action: 'DISMISS', targetType: 'DONATION', targetId: donation.id, reason: 'Looks fine' })).statusCode).toBe(200);
    expect((await report(ctx(), reporter, payload)).statusCode).toBe(201);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, counted in the database`, async () => {
    const donations = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => donate(ctx(), donor)));
    const answers = await Promise.all(donations.map((one) => report(ctx(), reporter, { targetType: 'DONATION', targetId: one.id, reason: 'SPAM' })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(REPORTS_PER_HOUR);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    ctx().clock.advance(HOUR);
    expect((await report(ctx(), reporter, { targetType: 'USER', targetId: donor.id, reason: 'SPAM' })).statusCode).toBe(201);
  });
});

describeEachDatabase('moderation by admins', (ctx) => {
  let admin: TestUser;
  let donor: Person;
  let receiver: TestUser;
  let reporter: TestUser;
  let donation: Donation;
  beforeEach(async () => {
    admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Anjali' });
    donor = await signUp(ctx(), 'Donor Dinesh', 'DONOR', 'Baner, Pune 411045');
    receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Receiver Rekha' });
    reporter = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Reporter Rahul' });
    donation = await donate(ctx(), donor);
  });

  it('shows the queue grouped by target, newest first, with the target and its history', async () => {
    const second = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Second Sita' });
    const older = await donate(ctx(), donor, { foodName: 'Old rotis' });
    expect((await report(ctx(), reporter, { targetType: 'DONATION', targetId: older.id, reason: 'SPAM' })).statusCode).toBe(201);
    ctx().clock.advance(60_000);
    expect((await report(ctx(), reporter, { targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE', details: 'Sour' })).statusCode).toBe(
      201,
    );
    expect((await report(ctx(), second, { targetType: 'DONATION', targetId: donation.id, reason: 'WRONG_INFORMATION' })).statusCode).toBe(201);

    const items = (await queue(ctx(), admin)).filter((item) => [older.id, donation.id].includes(item.target.id) && item.target.type === 'DONATION');
    expect(items.map((item) => item.target.id)).toEqual([donation.id, older.id]);
    const [newest] = items;
    expect(newest?.target).toMatchObject({
      type: 'DONATION',
      exists: true,
      title: 'Veg biryani',
      status: 'AVAILABLE',
      ownerId: donor.id,
      ownerName: 'Donor Dinesh',
      hidden: false,
    });
    expect(newest?.openReports.map((item) => [item.reporterName, item.reason])).toEqual([
      ['Second Sita', 'WRONG_INFORMATION'],
      ['Reporter Rahul', 'SPOILED_OR_UNSAFE'],
    ]);
    expect(newest?.earlierReports).toEqual([]);
    expect(newest?.actions).toEqual([]);

    // After a dismissal and a new report, the history shows both.
    expect((await act(ctx(), admin, { action: 'DISMISS', targetType: 'DONATION', targetId: donation.id, reason: 'Checked with the donor' })).statusCode).toBe(
      200,
    );
    expect((await report(ctx(), reporter, { targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE' })).statusCode).toBe(201);
    const again = (await queue(ctx(), admin)).find((item) => item.target.type === 'DONATION' && item.target.id === donation.id);
    expect(again?.openReports).toHaveLength(1);
    expect(again?.earlierReports.map((item) => item.status)).toEqual(['DISMISSED', 'DISMISSED']);
    expect(again?.actions.map((entry) => [entry.action, entry.reason, entry.adminName])).toEqual([['DISMISS', 'Checked with the donor', 'Admin Anjali']]);
  });

  it('dismisses: the reports close, each reporter hears the outcome, and the audit log has a row', async () => {
    expect((await report(ctx(), reporter, { targetType: 'DONATION', targetId: donation.id, reason: 'SPAM' })).statusCode).toBe(201);
    const response = await act(ctx(), admin, { action: 'DISMISS', targetType: 'DONATION', targetId: donation.id, reason: 'Not spam' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ModerationResult>();
    expect(result.entry).toMatchObject({
      adminId: admin.id,
      adminName: 'Admin Anjali',
      action: 'DISMISS',
      targetType: 'DONATION',
      targetId: donation.id,
      reason: 'Not spam',
      suspendedUntil: null,
    });
    expect(await notificationsOf(ctx(), reporter, 'REPORT_OUTCOME')).toMatchObject([
      { title: 'We looked at your report', body: expect.stringContaining('"Veg biryani"') },
    ]);
    const rows = await ctx()
      .database.db.selectFrom('reports')
      .select('status')
      .where('target_id', '=', donation.id)
      .where('target_type', '=', 'DONATION')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['DISMISSED']);
    expect((await browseIds(ctx())).includes(donation.id)).toBe(true);
    // Nothing left to dismiss: 409, and no audit row for it.
    const before = (await auditRows(ctx())).length;
    expect((await act(ctx(), admin, { action: 'DISMISS', targetType: 'DONATION', targetId: donation.id, reason: 'Again' })).statusCode).toBe(409);
    expect(await auditRows(ctx())).toHaveLength(before);
  });

  it('hides a donation: gone from lists, map and detail for others, requesters and the donor told, restorable', async () => {
    const request = await requestDonation(ctx(), receiver, donation.id);
    expect((await report(ctx(), reporter, { targetType: 'DONATION', targetId: donation.id, reason: 'SPOILED_OR_UNSAFE' })).statusCode).toBe(201);
    const response = await act(ctx(), admin, { action: 'HIDE', targetType: 'DONATION', targetId: donation.id, reason: 'Three people say it is spoiled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ModerationResult>()).toMatchObject({ message: 'The listing is hidden.', entry: { action: 'HIDE', targetId: donation.id } });

    expect(await browseIds(ctx())).not.toContain(donation.id);
    const map = await get(ctx(), '/api/map/donations?bbox=73.5,18.3,74.2,18.8&zoom=15');
    expect(map.json<{ points: { id: number }[] }>().points.map((point) => point.id)).not.toContain(donation.id);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).statusCode).toBe(404);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`, receiver)).statusCode).toBe(404);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`, donor)).statusCode).toBe(200);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`, admin)).statusCode).toBe(200);
    // The open request is cancelled and its receiver told not to collect it; nobody can ask for it now.
    const row = await ctx().database.db.selectFrom('donation_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');
    expect(await notificationsOf(ctx(), receiver, 'LISTING_HIDDEN')).toMatchObject([{ title: 'A donation was taken down' }]);
    expect(await notificationsOf(ctx(), donor, 'LISTING_HIDDEN')).toMatchObject([
      { title: 'Your donation was hidden', body: expect.stringContaining('Three people say it is spoiled') },
    ]);
    expect(await notificationsOf(ctx(), reporter, 'REPORT_OUTCOME')).toMatchObject([{ title: 'We acted on your report' }]);
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Stranger Sunil' });
    expect((await post(ctx(), `/api/requests/create/${donation.id}`, stranger, { paymentMethod: '' })).statusCode).toBe(409);
    // Hidden already: 409, and reporting it now is 404 (it is gone for the reporter).
    expect((await act(ctx(), admin, { action: 'HIDE', targetType: 'DONATION', targetId: donation.id, reason: 'Again' })).statusCode).toBe(409);
    expect((await report(ctx(), stranger, { targetType: 'DONATION', targetId: donation.id, reason: 'SPAM' })).statusCode).toBe(404);

    const restored = await act(ctx(), admin, { action: 'RESTORE', targetType: 'DONATION', targetId: donation.id, reason: 'The donor showed it was fresh' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await browseIds(ctx())).toContain(donation.id);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json<Donation>().status).toBe('AVAILABLE');
    expect((await act(ctx(), admin, { action: 'RESTORE', targetType: 'DONATION', targetId: donation.id, reason: 'Again' })).statusCode).toBe(409);
    const audit = await auditRows(ctx());
    expect(
      audit.filter((entry) => entry.target_id === donation.id && entry.target_type === 'DONATION').map((entry) => [entry.action, entry.admin_id, entry.reason]),
    ).toEqual([
      ['HIDE', admin.id, 'Three people say it is spoiled'],
      ['RESTORE', admin.id, 'The donor showed it was fresh'],
    ]);
  });

  it('hides a food need from the open list and restores it', async () => {
    const needId = await postNeed(ctx(), donor);
    expect(await openNeedIds(ctx(), receiver)).toContain(needId);
    expect((await act(ctx(), admin, { action: 'HIDE', targetType: 'FOOD_NEED', targetId: needId, reason: 'Advertising' })).statusCode).toBe(200);
    expect(await openNeedIds(ctx(), receiver)).not.toContain(needId);
    expect(await notificationsOf(ctx(), donor, 'LISTING_HIDDEN')).toMatchObject([{ title: 'Your food need was hidden' }]);
    expect((await act(ctx(), admin, { action: 'RESTORE', targetType: 'FOOD_NEED', targetId: needId, reason: 'Was a mistake' })).statusCode).toBe(200);
    expect(await openNeedIds(ctx(), receiver)).toContain(needId);
  });

  it('suspends for a period: sessions end at once, open listings hide, sign-in is refused until it ends', async () => {
    const needId = await postNeed(ctx(), donor);
    expect((await get(ctx(), '/api/user/profile', donor)).statusCode).toBe(200);
    expect((await report(ctx(), reporter, { targetType: 'USER', targetId: donor.id, reason: 'ABUSIVE' })).statusCode).toBe(201);
    const response = await act(ctx(), admin, { action: 'SUSPEND', targetType: 'USER', targetId: donor.id, reason: 'Abusive messages', durationDays: 7 });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ModerationResult>();
    expect(result.message).toBe('The user is suspended for 7 days; 2 open listings were hidden.');
    expect(result.entry).toMatchObject({
      action: 'SUSPEND',
      targetType: 'USER',
      targetId: donor.id,
      suspendedUntil: new Date(ctx().clock.now().getTime() + 7 * DAY).toISOString(),
    });

    expect((await get(ctx(), '/api/user/profile', donor)).statusCode).toBe(401);
    expect(await ctx().database.db.selectFrom('sessions').select('id').where('user_id', '=', donor.id).execute()).toEqual([]);
    expect(await browseIds(ctx())).not.toContain(donation.id);
    expect(await openNeedIds(ctx(), receiver)).not.toContain(needId);
    expect(await notificationsOf(ctx(), reporter, 'REPORT_OUTCOME')).toMatchObject([
      { title: 'We acted on your report', body: expect.stringContaining('Donor Dinesh') },
    ]);

    const refused = await login(ctx(), donor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: expect.stringMatching(/^This account is suspended until .+\. Please contact support/),
    });
    ctx().clock.advance(7 * DAY + 1000);
    expect((await login(ctx(), donor)).statusCode).toBe(200);
  });

  it('suspends for good, and lifting it lets the person sign in again', async () => {
    const response = await act(ctx(), admin, { action: 'SUSPEND', targetType: 'USER', targetId: donor.id, reason: 'Fraud', durationDays: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ModerationResult>().entry.suspendedUntil).toBe(SUSPENDED_FOR_GOOD);
    const refused = await login(ctx(), donor);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'This account has been suspended by an admin. Please contact support.' });
    ctx().clock.advance(365 * DAY);
    expect((await login(ctx(), donor)).statusCode).toBe(403);
    // A year on, the admin signs in afresh.
    admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Anjali' });
    const lifted = await act(ctx(), admin, { action: 'RESTORE', targetType: 'USER', targetId: donor.id, reason: 'Appeal accepted' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await login(ctx(), donor)).statusCode).toBe(200);
    expect((await act(ctx(), admin, { action: 'RESTORE', targetType: 'USER', targetId: donor.id, reason: 'Again' })).statusCode).toBe(409);
  });

  it('refuses bad actions with a clear 4xx and writes no audit row for them', async () => {
    const before = (await auditRows(ctx())).length;
    const cases: [object, number, string][] = [
      [{ action: 'HIDE', targetType: 'DONATION', targetId: donation.id }, 400, 'reason'],
      [{ action: 'HIDE', targetType: 'DONATION', targetId: donation.id, reason: '   ' }, 400, 'reason'],
      [{ action: 'BAN', targetType: 'DONATION', targetId: donation.id, reason: 'x' }, 400, 'action'],
      [{ action: 'HIDE', targetType: 'USER', targetId: donor.id, reason: 'x' }, 400, 'action'],
      [{ action: 'SUSPEND', targetType: 'DONATION', targetId: donation.id, reason: 'x', durationDays: 3 }, 400, 'action'],
      [{ action: 'SUSPEND', targetType: 'USER', targetId: donor.id, reason: 'x' }, 400, 'durationDays'],
      [{ action: 'SUSPEND', targetType: 'USER', targetId: donor.id, reason: 'x', durationDays: 0 }, 400, 'durationDays'],
      [{ action: 'DISMISS', targetType: 'USER', targetId: donor.id, reason: 'x', durationDays: 3 }, 400, 'durationDays'],
      [{ action: 'SUSPEND', targetType: 'USER', targetId: admin.id, reason: 'x', durationDays: 3 }, 400, 'targetId'],
    ];
    for (const [payload, status, field] of cases) {
      const response = await act(ctx(), admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await act(ctx(), admin, { action: 'HIDE', targetType: 'DONATION', targetId: 2_000_000_000, reason: 'x' })).statusCode).toBe(404);
    expect((await act(ctx(), admin, { action: 'SUSPEND', targetType: 'USER', targetId: 2_000_000_000, reason: 'x', durationDays: 1 })).statusCode).toBe(404);
    const otherAdmin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Two' });
    expect((await act(ctx(), admin, { action: 'SUSPEND', targetType: 'USER', targetId: otherAdmin.id, reason: 'x', durationDays: 1 })).statusCode).toBe(403);
    // Non-admins: 403, whatever they send.
    expect((await act(ctx(), reporter, { action: 'HIDE', targetType: 'DONATION', targetId: donation.id, reason: 'x' })).statusCode).toBe(403);
    expect((await get(ctx(), '/api/admin/reports', reporter)).statusCode).toBe(403);
    expect((await get(ctx(), '/api/admin/audit-log', donor)).statusCode).toBe(403);
    expect(await auditRows(ctx())).toHaveLength(before);
  });
});

describeEachDatabase('audit log', (ctx) => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Arun' });
  });

  it('lists every action newest first, paged, with who, what, which target, when and why', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Deepa' });
    const donations = await Promise.all([donate(ctx(), donor), donate(ctx(), donor), donate(ctx(), donor)]);
    for (const [index, one] of donations.entries()) {
      ctx().clock.advance(1000);
      expect((await act(ctx(), admin, { action: 'HIDE', targetType: 'DONATION', targetId: one.id, reason: `Reason ${index}` })).statusCode).toBe(200);
    }
    const page = await get(ctx(), '/api/admin/audit-log?pageSize=2', admin);
    expect(page.statusCode, page.body).toBe(200);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const entries = page.json<AuditEntry[]>();
    expect(entries.map((entry) => [entry.targetId, entry.reason])).toEqual([
      [donations[2]?.id, 'Reason 2'],
      [donations[1]?.id, 'Reason 1'],
    ]);
    expect(entries[0]).toMatchObject({
      adminId: admin.id,
      adminName: 'Admin Arun',
      action: 'HIDE',
      targetType: 'DONATION',
      createdAt: ctx().clock.now().toISOString(),
    });
    const next = await get(ctx(), '/api/admin/audit-log?pageSize=2&page=2', admin);
    expect(next.json<AuditEntry[]>()[0]).toMatchObject({ targetId: donations[0]?.id, reason: 'Reason 0' });
  });

  it('cannot be changed or deleted: no route, and the database refuses', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Donor Dev' });
    const one = await donate(ctx(), donor);
    const result = await act(ctx(), admin, { action: 'HIDE', targetType: 'DONATION', targetId: one.id, reason: 'Spoiled' });
    const { id } = result.json<ModerationResult>().entry;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx().app.inject({ method, url: `/api/admin/audit-log/${id}`, headers: admin.headers, payload: {} });
      expect(response.statusCode, method).toBe(404);
    }
    const db = ctx().database.db;
    await expect(db.updateTable('audit_log').set({ reason: 'Edited' }).where('id', '=', id).execute()).rejects.toThrow(/audit log cannot be changed/);
    await expect(db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/audit log cannot be changed/);
    if (ctx().dialect === 'postgres') await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/audit log cannot be changed/);
    const row = await db.selectFrom('audit_log').select('reason').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.reason).toBe('Spoiled');
  });
});
