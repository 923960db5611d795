import type { Donation } from '@annadaan/contract/donations';
import { expect, it } from 'vitest';
import { HOUR } from '../../lib/clock';
import { describeEachDatabase } from '../../../test/test-app';
import { baseDonation, donate, donationStatus, get, post, requestDonation, requestRow } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';
import { sweepExpiredDonations } from './donations-service';
import { errorBody } from '../../../test/error-body';

describeEachDatabase('donations', (ctx) => {
  it('creates a donation and returns the whole read shape', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Asha Rao' });
    const now = ctx().clock.now();
    const response = await post(ctx(), '/api/donations', donor, {
      ...baseDonation,
      free: false,
      price: '120.50',
      deliveryType: 'ANY',
      expiryDateTime: '2026-06-01T14:00', // India time: 08:30Z, earlier than creation + 4 h
      status: 'COMPLETED',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(201);
    const donation = response.json<Donation>();
    expect(donation).toEqual({
      id: expect.any(Number),
      foodName: 'Veg biryani',
      description: 'Made at noon, packed in boxes',
      quantity: '10 plates',
      expiryDateTime: '2026-06-01T08:30:00.000Z',
      expiresAt: '2026-06-01T08:30:00.000Z',
      countdownTime: 2 * 3600,
      timer: true,
      free: false,
      isFree: false,
      price: 120.5,
      location: 'Shop 4, MG Road, Pune 411001',
      pickupAddress: 'Shop 4, MG Road, Pune 411001',
      area: 'Pune 411001',
      pinCode: '411001',
      geolocation: '18.5204,73.8567',
      deliveryType: 'ANY',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
      imageUrl: null,
      organisation: null,
      // Issue 33: one receiver's food, held back for nobody.
      portions: null,
      organisationsOnlyUntil: null,
      photo: null,
      // The earlier client sends no food facts: each reads as not stated (issue 16).
      diet: null,
      jain: null,
      allergens: null,
      preparedAt: null,
      safetyChecklist: null,
      status: 'AVAILABLE',
      donorName: 'Asha Rao',
      createdAt: now.toISOString(),
      createdDateTime: now.toISOString(),
    });
  });

  it('answers the spec section 5 messages with field errors', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Validator' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...baseDonation, foodName: '' }, 'foodName', 'Please fill all required fields.'],
      [{ ...baseDonation, quantity: undefined }, 'quantity', 'Please fill all required fields.'],
      [{ ...baseDonation, free: false, price: 0 }, 'price', 'Please enter a valid price greater than 0 for paid food.'],
      [{ ...baseDonation, free: false, price: 'abc' }, 'price', 'Please enter a valid price greater than 0 for paid food.'],
      [{ ...baseDonation, refrigerationAvailable: null }, 'refrigerationAvailable', 'Please specify refrigeration availability for precooked food.'],
      [{ ...baseDonation, location: 'MG Road, Pune' }, 'location', 'A valid 6-digit pin code is required in the Pickup Address.'],
      [{ ...baseDonation, foodType: 'RAW' }, 'expiryDateTime', 'Please fill all required fields.'],
      [{ ...baseDonation, foodType: 'RAW', expiryDateTime: '2026-05-01T10:00' }, 'expiryDateTime', 'The expiry must be in the future.'],
      [{ ...baseDonation, foodType: 'RAW', expiryDateTime: '2026-07-30T10:00' }, 'expiryDateTime', 'The expiry can be at most 30 days ahead.'],
      [{ ...baseDonation, imageUrl: 'https://elsewhere.example/a.png' }, 'imageUrl', 'Upload the picture first.'],
      [{ ...baseDonation, imageUrl: '/uploads/abcdefghijklmnop.webp' }, 'imageUrl', 'Upload the picture first.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(ctx(), '/api/donations', donor, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'VALIDATION_ERROR', fieldErrors: { [field]: message } });
    }
    const mine = await get(ctx(), '/api/donations/my-donations', donor);
    expect(mine.json()).toEqual([]);
  });

  it('accepts a picture the donor uploaded', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Photographer' });
    await ctx()
      .database.db.insertInto('uploads')
      .values({ owner_id: donor.id, file_name: 'abcdefghijklmnopqrst.webp', bytes: 10, created_at: ctx().clock.now().toISOString() })
      .execute();
    const donation = await donate(ctx(), donor, { imageUrl: '/uploads/abcdefghijklmnopqrst.webp' });
    expect(donation.imageUrl).toBe('/uploads/abcdefghijklmnopqrst.webp');
  });

  it('keeps raw food until its expiry, at most 30 days ahead', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Grocer' });
    const donation = await donate(ctx(), donor, { foodType: 'RAW', expiryDateTime: '2026-06-10T09:00:00+05:30', refrigerationAvailable: true });
    expect(donation).toMatchObject({ foodType: 'RAW', refrigerationAvailable: false, expiresAt: '2026-06-10T03:30:00.000Z' });
    expect(donation.countdownTime).toBe((new Date('2026-06-10T03:30:00.000Z').getTime() - ctx().clock.now().getTime()) / 1000);
  });

  it('needs a sign-in to donate, list or withdraw', async () => {
    expect((await post(ctx(), '/api/donations', undefined, baseDonation)).statusCode).toBe(401);
    expect((await get(ctx(), '/api/donations/my-donations')).statusCode).toBe(401);
    expect((await post(ctx(), '/api/donations/1/cancel')).statusCode).toBe(401);
  });

  it('lists only my donations, newest first, in every status', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Lister' });
    const other = await createTestUser(ctx(), { fullName: 'Someone else' });
    const first = await donate(ctx(), donor, { foodName: 'First' });
    ctx().clock.advance(1000);
    const second = await donate(ctx(), donor, { foodName: 'Second' });
    await donate(ctx(), other, { foodName: 'Not mine' });
    await post(ctx(), `/api/donations/${first.id}/cancel`, donor);
    const response = await get(ctx(), '/api/donations/my-donations', donor);
    expect(response.json<Donation[]>().map((d) => [d.id, d.status])).toEqual([
      [second.id, 'AVAILABLE'],
      [first.id, 'CANCELLED'],
    ]);
  });

  it('lets only the donor withdraw, once, and cancels the open requests with it', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Withdrawer' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Hopeful' });
    const donation = await donate(ctx(), donor);
    const request = await requestDonation(ctx(), receiver, donation.id);

    const byReceiver = await post(ctx(), `/api/donations/${donation.id}/cancel`, receiver);
    expect(byReceiver.statusCode).toBe(403);
    expect((await post(ctx(), '/api/donations/999999/cancel', donor)).json()).toEqual(errorBody({ message: 'Donation not found.', code: 'NOT_FOUND' }));
    expect(await donationStatus(ctx(), donation.id)).toBe('AVAILABLE');

    const response = await post(ctx(), `/api/donations/${donation.id}/cancel`, donor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: donation.id, status: 'CANCELLED' });
    expect((await requestRow(ctx(), request.id)).status).toBe('CANCELLED');

    const again = await post(ctx(), `/api/donations/${donation.id}/cancel`, donor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody({ message: 'This donation can no longer be withdrawn.', code: 'CONFLICT' }));
  });

  it('shows one donation in any status to anyone, or 404', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Detail donor' });
    const donation = await donate(ctx(), donor);
    await post(ctx(), `/api/donations/${donation.id}/cancel`, donor);
    const response = await get(ctx(), `/api/browse/donations/${donation.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: donation.id, status: 'CANCELLED', donorName: 'Detail donor' });
    expect(response.json()).not.toHaveProperty('donorId');

    const missing = await get(ctx(), '/api/browse/donations/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody({ message: 'Donation not found.', code: 'NOT_FOUND' }));
    expect((await get(ctx(), '/api/browse/donations/abc')).statusCode).toBe(400);
  });

  it('decides expiry when asked, and the sweep writes it down later', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Expiring' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Late' });
    const donation = await donate(ctx(), donor);
    const request = await requestDonation(ctx(), receiver, donation.id);

    ctx().clock.advance(4 * HOUR - 1);
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json().status).toBe('AVAILABLE');
    ctx().clock.advance(1);
    // No sweep has run: the stored row still says AVAILABLE, every answer says EXPIRED.
    expect(await donationStatus(ctx(), donation.id)).toBe('AVAILABLE');
    expect((await get(ctx(), `/api/browse/donations/${donation.id}`)).json().status).toBe('EXPIRED');
    const browse = await get(ctx(), '/api/browse/donations?pageSize=100');
    expect(browse.json<Donation[]>().map((d) => d.id)).not.toContain(donation.id);
    const sent = await get(ctx(), '/api/requests/my-sent-requests', receiver);
    expect(sent.json()[0]).toMatchObject({ id: request.id, status: 'CANCELLED' });

    const late = await post(ctx(), `/api/requests/create/${donation.id}`, await createTestUser(ctx(), { fullName: 'Later still' }), { paymentMethod: '' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This donation is no longer available.');
    const accept = await post(ctx(), `/api/requests/${request.id}/accept`, donor);
    expect(accept.statusCode).toBe(409);

    expect(await sweepExpiredDonations(ctx().database.db, ctx().clock.now())).toBeGreaterThanOrEqual(1);
    expect(await donationStatus(ctx(), donation.id)).toBe('EXPIRED');
    expect((await requestRow(ctx(), request.id)).status).toBe('CANCELLED');
  });
});
