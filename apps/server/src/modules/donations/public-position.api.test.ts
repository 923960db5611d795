import type { Donation } from '@annadaan/contract/donations';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { baseDonation, get, post } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';

describeEachDatabase('a donation position seen by others', (ctx) => {
  it('is the centre of its ~500 m grid cell in browse and detail, and exact only in the donor own list', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Home Cook' });
    const created = await post(ctx(), '/api/donations', donor, { ...baseDonation, geolocation: '18.520437,73.856743' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Donation>().id;

    const listed = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations?pageSize=100' });
    expect(listed.json<Donation[]>().find((d) => d.id === id)?.geolocation).toBe('18.5225,73.8575');
    const detail = await ctx().app.inject({ method: 'GET', url: `/api/browse/donations/${id}` });
    expect(detail.json<Donation>().geolocation).toBe('18.5225,73.8575');

    const mine = await get(ctx(), '/api/donations/my-donations', donor);
    expect(mine.json<Donation[]>().find((d) => d.id === id)?.geolocation).toBe('18.520437,73.856743');
  });
});
