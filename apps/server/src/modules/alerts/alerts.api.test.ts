import { ALERTS_PER_PERSON, type Alert, distanceKm } from '@annadaan/contract/alerts';
import { snapToGrid } from '@annadaan/contract/area';
import type { Notification, NotificationPage } from '@annadaan/contract/notifications';
import { beforeEach, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { donate } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { boxCandidatesQuery } from './alerts-repository';
import { matchDonation, sendDigest } from './alerts-service';
import { queryPlan } from '../../../test/query-plan';
import { errorBody } from '../../../test/error-body';

/**
 * Runs the jobs that are due, as the runner's poller would. `digestsAgain` then runs every
 * alert's digest once more by hand, as a second runner whose lease ran out would.
 */
async function runAlertJobs(ctx: TestContext, _donationId?: number, options: { digestsAgain?: boolean } = {}) {
  await ctx.app.jobs.runDue();
  if (options.digestsAgain) {
    const alerts = await ctx.database.db.selectFrom('food_alerts').select('id').execute();
    for (const alert of alerts) await ctx.database.db.transaction().execute((trx) => sendDigest(trx, Number(alert.id), ctx.clock.now()));
  }
}

/** A matching job run a second time, as after a runner died between its commit and marking the job done. */
async function matchAgain(ctx: TestContext, donationId: number) {
  await ctx.database.db.transaction().execute((trx) => matchDonation(trx, donationId, ctx.clock.now()));
}

const PUNE = { lat: 18.52, lng: 73.85 };

async function saveAlert(ctx: TestContext, who: TestUser, payload: object, remoteAddress?: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/alerts', headers: who.headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });
}

async function alertsOf(ctx: TestContext, who: TestUser): Promise<Alert[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/alerts', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Alert[]>();
}

async function nearby(ctx: TestContext, who: TestUser): Promise<Notification[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>().items.filter((item) => item.kind === 'NEARBY_DONATION');
}

/** A point `km` from `from`, north-east at 45°. */
function northEast(from: { lat: number; lng: number }, km: number) {
  const step = km / Math.SQRT2;
  return { lat: from.lat + step / 111.195, lng: from.lng + step / (111.195 * Math.cos((from.lat * Math.PI) / 180)) };
}

const geolocation = (point: { lat: number; lng: number }) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

describeEachDatabase('nearby-food alerts', (ctx) => {
  let receiver: TestUser;
  let donor: TestUser;
  beforeEach(async () => {
    // Fresh people for each test, so alerts, caps and windows never carry over.
    receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Ravi Receiver' });
    donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Dina Donor', location: 'Shop 4, MG Road, Pune 411001' });
    ctx().clock.advance(60 * MINUTE);
  });

  it('saves, lists and deletes an alert; the answer holds only what the owner chose', async () => {
    const saved = await saveAlert(ctx(), receiver, { lat: 18.52, lng: 73.85, radiusKm: 3, foodType: 'RAW', label: '  Home ' });
    expect(saved.statusCode, saved.body).toBe(201);
    const alert = saved.json<Alert>();
    expect(alert).toEqual({
      id: expect.any(Number),
      lat: 18.52,
      lng: 73.85,
      radiusKm: 3,
      foodType: 'RAW',
      label: 'Home',
      diet: [],
      excludeAllergens: [],
      createdAt: ctx().clock.now().toISOString(),
    });
    const plain = await saveAlert(ctx(), receiver, { lat: 18.6, lng: 73.9, radiusKm: 1, foodType: '' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<Alert>()).toMatchObject({ foodType: null, label: '' });

    expect((await alertsOf(ctx(), receiver)).map((item) => item.id)).toEqual([alert.id, plain.json<Alert>().id]);
    const deleted = await ctx().app.inject({ method: 'DELETE', url: `/api/alerts/${alert.id}`, headers: receiver.headers });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await alertsOf(ctx(), receiver)).map((item) => item.id)).toEqual([plain.json<Alert>().id]);
    const again = await ctx().app.inject({ method: 'DELETE', url: `/api/alerts/${alert.id}`, headers: receiver.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody({ message: 'This food alert does not exist.', code: 'NOT_FOUND' }));
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ lng: 73.85, radiusKm: 3 }, 'lat'],
      [{ lat: 51.5, lng: 73.85, radiusKm: 3 }, 'lat'],
      [{ lat: '18.52', lng: 73.85, radiusKm: 3 }, 'lat'],
      [{ lat: 18.52, lng: -0.12, radiusKm: 3 }, 'lng'],
      [{ lat: 18.52, lng: 73.85, radiusKm: 0.5 }, 'radiusKm'],
      [{ lat: 18.52, lng: 73.85, radiusKm: 26 }, 'radiusKm'],
      [{ lat: 18.52, lng: 73.85 }, 'radiusKm'],
      [{ lat: 18.52, lng: 73.85, radiusKm: 3, foodType: 'FROZEN' }, 'foodType'],
      [{ lat: 18.52, lng: 73.85, radiusKm: 3, label: 'x'.repeat(41) }, 'label'],
      [{ lat: 18.52, lng: 73.85, radiusKm: 3, label: 7 }, 'label'],
    ];
    for (const [payload, field] of cases) {
      const response = await saveAlert(ctx(), receiver, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; fieldErrors: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.fieldErrors), JSON.stringify(payload)).toContain(field);
    }
    expect(await alertsOf(ctx(), receiver)).toEqual([]);
    const badId = await ctx().app.inject({ method: 'DELETE', url: '/api/alerts/abc', headers: receiver.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('id');
  });

  it('lets only receivers save alerts', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Ada Admin' });
    for (const who of [donor, admin]) {
      const response = await saveAlert(ctx(), who, { ...PUNE, radiusKm: 3 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(errorBody({ message: 'Only receivers can save food alerts.', code: 'FORBIDDEN' }));
    }
    expect((await ctx().app.inject({ method: 'POST', url: '/api/alerts', payload: { ...PUNE, radiusKm: 3 } })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
  });

  it("never shows or deletes another person's alert", async () => {
    const stranger = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Sita Stranger' });
    const mine = (await saveAlert(ctx(), receiver, { ...PUNE, radiusKm: 3, label: 'Home' })).json<Alert>();
    expect(await alertsOf(ctx(), stranger)).toEqual([]);
    const theirs = await ctx().app.inject({ method: 'DELETE', url: `/api/alerts/${mine.id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(errorBody({ message: 'This food alert does not exist.', code: 'NOT_FOUND' }));
    expect((await alertsOf(ctx(), receiver)).map((item) => item.id)).toEqual([mine.id]);
  });

  it(`keeps at most ${ALERTS_PER_PERSON} alerts per person under a burst, across instances`, async () => {
    const second = (await ctx().secondInstance()) ?? ctx().app;
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? ctx().app : second).inject({
          method: 'POST',
          url: '/api/alerts',
          headers: receiver.headers,
          payload: { lat: 18.5 + index / 100, lng: 73.85, radiusKm: 2 },
        }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(ALERTS_PER_PERSON).fill(201), ...Array<number>(12 - ALERTS_PER_PERSON).fill(409)]);
    const refused = burst.find((response) => response.statusCode === 409);
    expect(refused?.json()).toEqual(
      errorBody({ message: 'You can keep at most 5 food alerts. Delete one to add another.', code: 'ALERT_LIMIT', messageCode: 'ALERT_LIMIT' }, { max: '5' }),
    );
    const kept = await alertsOf(ctx(), receiver);
    expect(kept).toHaveLength(ALERTS_PER_PERSON);
    const stored = await ctx()
      .database.db.selectFrom('food_alerts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', receiver.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ALERTS_PER_PERSON);

    // Deleting one gives its place back, once.
    const first = kept[0] as Alert;
    expect((await ctx().app.inject({ method: 'DELETE', url: `/api/alerts/${first.id}`, headers: receiver.headers })).statusCode).toBe(204);
    expect((await saveAlert(ctx(), receiver, { ...PUNE, radiusKm: 2 })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), receiver, { ...PUNE, radiusKm: 2 })).statusCode).toBe(409);
  });

  it('tells an alert whose circle holds the public point, of the right food type, and nobody else', async () => {
    const inside = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Inside' });
    const boxCorner = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Box corner' });
    const rawOnly = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Raw only' });
    const cookedOnly = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Cooked only' });
    const far = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Far away' });
    // The donation's public point is the grid cell's centre of this exact point.
    const exact = { lat: 18.5201, lng: 73.8567 };
    const publicPoint = { lat: snapToGrid(exact.lat), lng: snapToGrid(exact.lng) };
    expect((await saveAlert(ctx(), inside, { ...northEast(publicPoint, 2), radiusKm: 3, label: 'Home' })).statusCode).toBe(201);
    // 3.5 km away at 45°: inside the box of a 3 km circle (its corner is 4.2 km out), outside the circle.
    expect((await saveAlert(ctx(), boxCorner, { ...northEast(publicPoint, 3.5), radiusKm: 3 })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), rawOnly, { ...publicPoint, radiusKm: 5, foodType: 'RAW' })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), cookedOnly, { ...publicPoint, radiusKm: 5, foodType: 'PRECOOKED' })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), far, { lat: 19.076, lng: 72.8777, radiusKm: 25 })).statusCode).toBe(201);

    const donation = await donate(ctx(), donor, { foodName: 'Veg pulao', geolocation: geolocation(exact) });
    // Off the request path: the listing enqueued a job in its transaction, and nobody was told yet.
    const queued = await ctx()
      .database.db.selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('kind', '=', 'donation-created')
      .where('payload', 'like', `%:${donation.id}}`)
      .execute();
    expect(queued.map((job) => JSON.parse(job.payload) as unknown)).toEqual([{ donationId: donation.id }]);
    expect(await nearby(ctx(), inside)).toEqual([]);
    await runAlertJobs(ctx(), donation.id);

    const told = await nearby(ctx(), inside);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'NEARBY_DONATION',
      title: 'New food near Home',
      body: '"Veg pulao" was just listed within 3 km of Home. Request it before it is gone.',
      link: `/request-donation/${donation.id}`,
    });
    expect(await nearby(ctx(), cookedOnly)).toHaveLength(1);
    expect((await nearby(ctx(), cookedOnly))[0]?.title).toBe('New food near your saved place');
    expect(await nearby(ctx(), boxCorner)).toEqual([]);
    expect(await nearby(ctx(), rawOnly)).toEqual([]);
    expect(await nearby(ctx(), far)).toEqual([]);
    expect(await nearby(ctx(), donor)).toEqual([]);

    // Nothing private: not the donor, the street, the exact point or a phone number.
    const text = JSON.stringify([...told, ...(await nearby(ctx(), cookedOnly))]);
    for (const secret of ['Dina', 'Shop 4', 'MG Road', String(exact.lat), String(exact.lng), String(publicPoint.lat), donor.contactNumber.slice(-10)]) {
      expect(text, `a notification shows ${secret}`).not.toContain(secret);
    }

    // A raw donation reaches the raw-only alert and not the cooked-only one.
    ctx().clock.advance(11 * MINUTE);
    const raw = await donate(ctx(), donor, {
      foodName: 'Rice sacks',
      foodType: 'RAW',
      geolocation: geolocation(exact),
      expiryDateTime: new Date(ctx().clock.now().getTime() + 48 * 3_600_000).toISOString(),
    });
    await runAlertJobs(ctx(), raw.id);
    expect((await nearby(ctx(), rawOnly)).map((item) => item.link)).toEqual([`/request-donation/${raw.id}`]);
    expect(await nearby(ctx(), cookedOnly)).toHaveLength(1);
  });

  it('measures to the public point, never the exact one', async () => {
    const exactOnly = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Exact inside' });
    const publicOnly = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Public inside' });
    // The exact point sits near its cell's south-west corner; the public point is the centre, ~350 m north-east.
    const exact = { lat: 18.5001, lng: 73.8001 };
    const publicPoint = { lat: snapToGrid(exact.lat), lng: snapToGrid(exact.lng) };
    const southWest = { lat: 18.4945, lng: 73.7945 };
    const northEastCentre = { lat: 18.5085, lng: 73.8085 };
    // The geometry the test relies on.
    expect(distanceKm(southWest, exact)).toBeLessThan(1);
    expect(distanceKm(southWest, publicPoint)).toBeGreaterThan(1);
    expect(distanceKm(northEastCentre, exact)).toBeGreaterThan(1);
    expect(distanceKm(northEastCentre, publicPoint)).toBeLessThan(1);
    expect((await saveAlert(ctx(), exactOnly, { ...southWest, radiusKm: 1 })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), publicOnly, { ...northEastCentre, radiusKm: 1 })).statusCode).toBe(201);

    const donation = await donate(ctx(), donor, { geolocation: geolocation(exact) });
    await runAlertJobs(ctx(), donation.id);
    expect(await nearby(ctx(), exactOnly)).toEqual([]);
    expect((await nearby(ctx(), publicOnly)).map((item) => item.link)).toEqual([`/request-donation/${donation.id}`]);
  });

  it("gives nothing for one's own donation, a donation without a point, or a deactivated account", async () => {
    const sleeper = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Deactivated' });
    expect((await saveAlert(ctx(), receiver, { ...PUNE, radiusKm: 10 })).statusCode).toBe(201);
    expect((await saveAlert(ctx(), sleeper, { ...PUNE, radiusKm: 10 })).statusCode).toBe(201);
    await ctx().database.db.updateTable('users').set({ deactivated_at: ctx().clock.now().toISOString() }).where('id', '=', sleeper.id).execute();

    // Receivers may list food too; their own alert stays quiet about it.
    const own = await donate(ctx(), receiver, { geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), own.id);
    const pointless = await donate(ctx(), donor, { geolocation: '' });
    await runAlertJobs(ctx(), pointless.id);
    expect(await nearby(ctx(), receiver)).toEqual([]);

    const theirs = await donate(ctx(), donor, { geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), theirs.id);
    expect(await nearby(ctx(), receiver)).toHaveLength(1);
    const sleeperRows = await ctx().database.db.selectFrom('notifications').select('id').where('user_id', '=', sleeper.id).execute();
    expect(sleeperRows).toEqual([]);
  });

  it('tells each alert at most once per 10 minutes and folds the rest into one at the window end', async () => {
    const home = (await saveAlert(ctx(), receiver, { ...PUNE, radiusKm: 5, label: 'Home' })).json<Alert>();
    const first = await donate(ctx(), donor, { foodName: 'First', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), first.id);
    expect((await nearby(ctx(), receiver)).map((item) => item.title)).toEqual(['New food near Home']);

    ctx().clock.advance(2 * MINUTE);
    const second = await donate(ctx(), donor, { foodName: 'Second', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), second.id);
    ctx().clock.advance(3 * MINUTE);
    const third = await donate(ctx(), donor, { foodName: 'Third', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), third.id);
    // A matching job run twice (a lease ran out) tells nobody twice.
    await matchAgain(ctx(), third.id);
    await matchAgain(ctx(), first.id);
    expect(await nearby(ctx(), receiver)).toHaveLength(1);
    // One digest job for the alert, at the end of the window that the first notification opened.
    const digests = await ctx()
      .database.db.selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('key', '=', `alert-digest:${home.id}`)
      .where('failed_at', 'is', null)
      .execute();
    expect(digests).toEqual([{ payload: JSON.stringify({ alertId: home.id }), run_at: new Date(ctx().clock.now().getTime() + 5 * MINUTE).toISOString() }]);

    // The window ends 10 minutes after the first notification: one folded notification.
    ctx().clock.advance(5 * MINUTE - 1);
    await runAlertJobs(ctx());
    expect(await nearby(ctx(), receiver)).toHaveLength(1);
    ctx().clock.advance(1);
    await runAlertJobs(ctx());
    const afterWindow = await nearby(ctx(), receiver);
    expect(afterWindow.map((item) => item.title)).toEqual(['2 new donations near Home', 'New food near Home']);
    expect(afterWindow[0]).toMatchObject({
      body: '2 donations were listed within 5 km of Home in the last few minutes. Browse them before they are gone.',
      link: '/BrowseDonations',
    });
    // The digest run again tells nothing more.
    await runAlertJobs(ctx(), undefined, { digestsAgain: true });
    expect(await nearby(ctx(), receiver)).toHaveLength(2);

    // The digest opened a new window: a match inside it waits for its end; one still listed is told as itself.
    ctx().clock.advance(4 * MINUTE);
    const fourth = await donate(ctx(), donor, { foodName: 'Fourth', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), fourth.id);
    expect(await nearby(ctx(), receiver)).toHaveLength(2);
    ctx().clock.advance(6 * MINUTE);
    await runAlertJobs(ctx());
    const latest = await nearby(ctx(), receiver);
    expect(latest).toHaveLength(3);
    expect(latest[0]).toMatchObject({ title: 'New food near Home', link: `/request-donation/${fourth.id}` });

    // Held food that was withdrawn before the window ended is not told at all.
    ctx().clock.advance(11 * MINUTE);
    const fifth = await donate(ctx(), donor, { foodName: 'Fifth', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), fifth.id);
    ctx().clock.advance(MINUTE);
    const sixth = await donate(ctx(), donor, { foodName: 'Sixth', geolocation: geolocation(PUNE) });
    await runAlertJobs(ctx(), sixth.id);
    const withdrawn = await ctx().app.inject({ method: 'POST', url: `/api/donations/${sixth.id}/cancel`, headers: donor.headers });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    ctx().clock.advance(10 * MINUTE);
    await runAlertJobs(ctx());
    expect((await nearby(ctx(), receiver)).map((item) => item.link)).toEqual([
      `/request-donation/${fifth.id}`,
      `/request-donation/${fourth.id}`,
      '/BrowseDonations',
      `/request-donation/${first.id}`,
    ]);
  });

  it('prefilters alerts through the bounding-box index, never a scan of every alert', async () => {
    const db = ctx().database.db;
    const query = boxCandidatesQuery(db, PUNE, { foodType: 'PRECOOKED', diet: null, allergens: null }, donor.id);
    const plan = await queryPlan(db, ctx().dialect, query.compile());
    if (ctx().dialect === 'postgres') {
      expect(plan).toMatch(/Index (Only )?Scan using food_alerts_box_idx on food_alerts|Bitmap Index Scan on food_alerts_box_idx/);
      expect(plan).toMatch(/Index Cond: \(\(min_lat >= .*\) AND \(min_lat <= .*\)/);
      expect(plan).not.toMatch(/Seq Scan on food_alerts/);
      return;
    }
    expect(plan).toMatch(/SEARCH food_alerts USING INDEX food_alerts_box_idx \(min_lat>\? AND min_lat<\?\)/);
    expect(plan).not.toMatch(/SCAN food_alerts(?! USING)/);
  });
});
