import { snapToGrid } from '@annadaan/contract/area';
import type { Donation } from '@annadaan/contract/donations';
import type { MapDonationsAnswer, MapFoodRequestsAnswer } from '@annadaan/contract/map';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, get, post, requestDonation } from '../../../test/test-handover';
import { completeHandover, foodNeed } from '../../../test/test-people';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { queryPlan } from '../../../test/query-plan';
import { cellCountsQuery, expiredInBboxQuery, rebuildMapCells, syncMapEntry, takeOffMap } from './map-cells';
import { clusterLevel } from './map-repository';
import { MapQuerySchema } from '@annadaan/contract/map';

/** Around Pune: the donations below lie in it, the rest of the suite's data does not. */
const PUNE_BOX = '73.7,18.4,74,18.7';

describeEachDatabase('map cell counts', (ctx) => {
  let donor: TestUser;
  let receiver: TestUser;

  // Fresh people for each test: the tests move the clock past their sessions' ends.
  beforeEach(async () => {
    donor = await createTestUser(ctx(), { fullName: 'Cells donor' });
    receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Cells receiver' });
  });

  async function mapOf<T = MapDonationsAnswer>(layer: 'donations' | 'food-requests', bbox: string, zoom: number): Promise<T> {
    const response = await get(ctx(), `/api/map/${layer}?bbox=${bbox}&zoom=${zoom}`, receiver);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** What the map says the box holds, as clusters (city zoom) and as points (street zoom); both must agree. */
  async function listed(layer: 'donations' | 'food-requests' = 'donations', bbox = PUNE_BOX): Promise<number> {
    const clusters = await mapOf(layer, bbox, 10);
    expect(clusters.kind).toBe('clusters');
    expect(clusters.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(clusters.total);
    const points = await mapOf(layer, bbox, 16);
    expect(points.points).toHaveLength(points.total);
    expect(clusters.total).toBe(points.total);
    return clusters.total;
  }

  async function cells() {
    const { rows } = await sql<Record<string, number | string>>`select layer, level, cell_lat, cell_lng, items, lat_sum, lng_sum from map_cells
      where items <> 0 or lat_sum <> 0 or lng_sum <> 0 order by layer, level, cell_lat, cell_lng`.execute(ctx().database.db);
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'layer' ? value : Number(value)])));
  }

  /** The counts kept change by change equal a recount from the rows (no expired row left uncounted-for). */
  async function expectCountsMatchRows() {
    const kept = await cells();
    await rebuildMapCells(ctx().database.db, ctx().clock.now());
    expect(kept).toEqual(await cells());
  }

  async function onMap(table: 'donations' | 'food_requests', id: number): Promise<number> {
    const row = await ctx().database.db.selectFrom(table).select('on_map').where('id', '=', id).executeTakeFirstOrThrow();
    return row.on_map;
  }

  it('keeps the counts right across create, cancel, accept, cancel of an accepted request, complete and expiry by the sweep', async () => {
    const [a, b, c] = [
      await donate(ctx(), donor, { geolocation: '18.5204,73.8567' }),
      await donate(ctx(), donor, { geolocation: '18.5308,73.8475' }),
      await donate(ctx(), donor, { geolocation: '18.6011,73.7641', foodType: 'RAW', expiryDateTime: '2026-06-03T12:00' }),
    ] as [Donation, Donation, Donation];
    expect(await listed()).toBe(3);
    await expectCountsMatchRows();

    const cancelled = await post(ctx(), `/api/donations/${a.id}/cancel`, donor);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listed()).toBe(2);
    expect(await onMap('donations', a.id)).toBe(0);

    // Accepted: off the map; the receiver withdraws: back on; then handed over: off for good.
    const first = await requestDonation(ctx(), receiver, b.id);
    expect((await post(ctx(), `/api/requests/${first.id}/accept`, donor)).statusCode).toBe(200);
    expect(await listed()).toBe(1);
    expect((await post(ctx(), `/api/requests/${first.id}/cancel`, receiver)).statusCode).toBe(200);
    expect(await listed()).toBe(2);
    await expectCountsMatchRows();
    const second = await requestDonation(ctx(), receiver, b.id);
    await completeHandover(ctx(), donor, receiver, second.id);
    expect(await listed()).toBe(1);
    await expectCountsMatchRows();

    // Past its expiry the map leaves it out at once; the sweep then takes it off the counts.
    ctx().clock.set(new Date(new Date(c.expiresAt).getTime() + MINUTE));
    expect(await listed()).toBe(0);
    expect(await onMap('donations', c.id)).toBe(1);
    await ctx().app.jobs.runDue();
    expect(await onMap('donations', c.id)).toBe(0);
    expect(await listed()).toBe(0);
    await expectCountsMatchRows();
  });

  it('moves a donation between cells when its position changes (take off, change, put back)', async () => {
    const moving = await donate(ctx(), donor, { geolocation: '18.52,73.85' });
    const far = '74.5,18.0,74.9,18.3';
    expect(await listed('donations', far)).toBe(0);
    const before = await listed();
    await ctx()
      .database.db.transaction()
      .execute(async (trx) => {
        await takeOffMap(trx, 'donations', moving.id);
        await trx
          .updateTable('donations')
          .set({ latitude: 18.15, longitude: 74.7, public_latitude: snapToGrid(18.15), public_longitude: snapToGrid(74.7) })
          .where('id', '=', moving.id)
          .execute();
        await syncMapEntry(trx, 'donations', moving.id, ctx().clock.now());
      });
    expect(await listed()).toBe(before - 1);
    expect(await listed('donations', far)).toBe(1);
    const [cluster] = (await mapOf('donations', far, 10)).clusters;
    expect(cluster).toEqual({ lat: snapToGrid(18.15), lng: snapToGrid(74.7), count: 1 });
    await expectCountsMatchRows();
  });

  it('takes a listing an admin hides off the map and puts it back when restored (moderation, issue 16)', async () => {
    // Around Nagpur, where no other test lists anything.
    const box = '78.9,21,79.2,21.3';
    const now = ctx().clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms + 5.5 * 60 * MINUTE).toISOString().slice(0, 16);
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Cells admin' });
    const donation = await donate(ctx(), donor, { geolocation: '21.1458,79.0882' });
    const need = await post(
      ctx(),
      '/api/food-requests/create',
      receiver,
      foodNeed({ geolocation: '21.1458,79.0882', requestedTime: at(0), requestExpiryTime: at(240 * MINUTE) }),
    );
    expect(need.statusCode, need.body).toBe(201);
    const needId = need.json<{ id: number }>().id;
    expect(await listed('donations', box)).toBe(1);
    expect(await listed('food-requests', box)).toBe(1);
    const act = async (action: 'HIDE' | 'RESTORE', targetType: 'DONATION' | 'FOOD_NEED', targetId: number) => {
      const response = await post(ctx(), '/api/admin/moderation/actions', admin, { action, targetType, targetId, reason: 'Checking the map counts' });
      expect(response.statusCode, response.body).toBe(200);
    };
    await act('HIDE', 'DONATION', donation.id);
    await act('HIDE', 'FOOD_NEED', needId);
    expect(await listed('donations', box)).toBe(0);
    expect(await listed('food-requests', box)).toBe(0);
    await expectCountsMatchRows();
    await act('RESTORE', 'DONATION', donation.id);
    await act('RESTORE', 'FOOD_NEED', needId);
    expect(await listed('donations', box)).toBe(1);
    expect(await listed('food-requests', box)).toBe(1);
    await expectCountsMatchRows();
  });

  it('loses no count when changes race (atomic upserts into the same cells)', async () => {
    const box = '77.1,28.5,77.3,28.7';
    const created = await Promise.all(
      Array.from({ length: 8 }, () => donate(ctx(), donor, { geolocation: '28.6315,77.2167', location: 'Connaught Place, New Delhi 110001' })),
    );
    expect(await listed('donations', box)).toBe(8);
    await expectCountsMatchRows();
    const withdrawn = await Promise.all(created.slice(0, 5).map((donation) => post(ctx(), `/api/donations/${donation.id}/cancel`, donor)));
    expect(withdrawn.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await listed('donations', box)).toBe(3);
    // The same cancel twice at once: one wins, the count drops by one.
    const twice = await Promise.all([
      post(ctx(), `/api/donations/${created[5]?.id}/cancel`, donor),
      post(ctx(), `/api/donations/${created[5]?.id}/cancel`, donor),
    ]);
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await listed('donations', box)).toBe(2);
    await expectCountsMatchRows();
  });

  it('counts open food needs: posted, fulfilled, and expired (taken off by the map sweep)', async () => {
    const now = ctx().clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms + 5.5 * 60 * MINUTE).toISOString().slice(0, 16);
    const needBox = '73.7,18.4,74,18.7';
    const kept = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ requestedTime: at(0), requestExpiryTime: at(240 * MINUTE) }));
    expect(kept.statusCode, kept.body).toBe(201);
    const fulfilled = await post(
      ctx(),
      '/api/food-requests/create',
      receiver,
      foodNeed({ geolocation: '', location: 'Camp, Pune 411001', requestedTime: at(0), requestExpiryTime: at(240 * MINUTE) }),
    );
    expect(fulfilled.statusCode, fulfilled.body).toBe(201);
    const soon = await post(ctx(), '/api/food-requests/create', receiver, foodNeed({ requestedTime: at(0), requestExpiryTime: at(60 * MINUTE) }));
    expect(soon.statusCode, soon.body).toBe(201);
    expect(await listed('food-requests', needBox)).toBe(3);
    await expectCountsMatchRows();

    expect((await post(ctx(), `/api/food-requests/${fulfilled.json().id}/fulfil`, receiver)).statusCode).toBe(200);
    expect(await listed('food-requests', needBox)).toBe(2);

    ctx().clock.advance(61 * MINUTE);
    expect(await listed('food-requests', needBox)).toBe(1);
    await ctx().app.jobs.runDue();
    expect(await onMap('food_requests', soon.json().id)).toBe(0);
    expect(await onMap('food_requests', kept.json().id)).toBe(1);
    expect(await listed('food-requests', needBox)).toBe(1);
    await expectCountsMatchRows();
    expect(await mapOf<MapFoodRequestsAnswer>('food-requests', needBox, 16)).toMatchObject({ total: 1, points: [{ id: kept.json().id }] });
  });

  it('reads the cells through an index, row by row or column by column, never the whole table', async () => {
    for (const [bbox, zoom] of [
      ['72.80,19.00,72.95,19.15', '12'],
      ['68,7,97,36', '5'],
      ['72.870,19.070,72.885,19.082', '16'],
    ] as const) {
      const query = MapQuerySchema.parse({ bbox, zoom });
      const { query: read, edges } = cellCountsQuery('donations', query.bbox, Number(zoom) >= 14 ? 13 : clusterLevel(query));
      expect(read).not.toBeNull();
      const compiled = read?.compile(ctx().database.db);
      if (!compiled) continue;
      const plan = await queryPlan(ctx().database.db, ctx().dialect, compiled);
      if (ctx().dialect === 'postgres') {
        expect(plan, compiled.sql).not.toMatch(/Seq Scan on map_cells/);
        expect(plan).toMatch(/Index (Only )?Scan using (map_cells_pk|map_cells_by_lng_idx)|Bitmap Index Scan on (map_cells_pk|map_cells_by_lng_idx)/);
      } else {
        expect(plan, compiled.sql).not.toMatch(/SCAN map_cells(?! USING)/);
        expect(plan).toMatch(
          /SEARCH map_cells USING (COVERING )?INDEX (sqlite_autoindex_map_cells_1|map_cells_by_lng_idx) \((layer=\? AND level=\? AND cell_(lat|lng)=\? AND cell_(lng|lat)>\? AND cell_(lng|lat)<\?)\)/,
        );
      }
      // What expired since the last sweep: only the small partial index of counted rows.
      const expired = expiredInBboxQuery('donations', query.bbox, ctx().clock.now()).compile(ctx().database.db);
      const expiredPlan = await queryPlan(ctx().database.db, ctx().dialect, expired);
      expect(expiredPlan, expired.sql).toMatch(
        ctx().dialect === 'postgres'
          ? /Index (Only )?Scan using donations_on_map_expiry_idx|Bitmap Index Scan on donations_on_map_expiry_idx/
          : /SEARCH donations USING (COVERING )?INDEX donations_on_map_expiry_idx \(expires_at<\?\)/,
      );
      // India's tall edge strips are read column by column.
      if (zoom === '5') expect(edges.length).toBeGreaterThan(0);
      if (zoom === '5' && ctx().dialect === 'sqlite') expect(plan).toMatch(/map_cells_by_lng_idx/);
    }
  });
});
