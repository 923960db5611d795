import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, donate, get, post, requestDonation, scenario, wrongCode } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';

const ROUNDS = 3;

describeEachDatabase('concurrent state changes', (ctx) => {
  /** The invariant: a PENDING donation has exactly one AWAITING_PICKUP request; any other status has none. */
  async function expectConsistent(donationId: number) {
    const db = ctx().database.db;
    const donation = await db.selectFrom('donations').select('status').where('id', '=', donationId).executeTakeFirstOrThrow();
    const awaiting = await db
      .selectFrom('donation_requests')
      .select('id')
      .where('donation_id', '=', donationId)
      .where('status', '=', 'AWAITING_PICKUP')
      .execute();
    expect(awaiting.length).toBe(donation.status === 'PENDING' ? 1 : 0);
    if (donation.status === 'COMPLETED') {
      const completed = await db.selectFrom('donation_requests').select('id').where('donation_id', '=', donationId).where('status', '=', 'COMPLETED').execute();
      expect(completed.length).toBe(1);
    }
    return donation.status;
  }

  const statusCounts = (responses: Array<{ statusCode: number }>) =>
    responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

  it('50 concurrent accepts of different requests: exactly one wins, 49 get 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const donor = await createTestUser(ctx(), { fullName: `Busy donor ${round}` });
      const donation = await donate(ctx(), donor);
      const requests = [];
      for (let i = 0; i < 50; i += 1) {
        const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: `Receiver ${round}-${i}` });
        requests.push(await requestDonation(ctx(), receiver, donation.id));
      }
      const responses = await Promise.all(requests.map((request) => post(ctx(), `/api/requests/${request.id}/accept`, donor)));
      expect(statusCounts(responses)).toEqual({ 200: 1, 409: 49 });
      expect(await expectConsistent(donation.id)).toBe('PENDING');
      const pending = await ctx()
        .database.db.selectFrom('donation_requests')
        .select('id')
        .where('donation_id', '=', donation.id)
        .where('status', '=', 'PENDING')
        .execute();
      expect(pending.length).toBe(49);
    }
  });

  it('20 concurrent confirms with the right code: exactly one succeeds', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { donor, donation, request, code } = await acceptedScenario(ctx(), `confirm-race-${round}`);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code })),
      );
      expect(statusCounts(responses)).toEqual({ 200: 1, 409: 19 });
      expect(await expectConsistent(donation.id)).toBe('COMPLETED');
    }
  });

  it('20 concurrent wrong codes count no more than 5', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { donor, request, code } = await acceptedScenario(ctx(), `guess-race-${round}`);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: wrongCode(code) })),
      );
      expect(statusCounts(responses)).toEqual({ 400: 4, 423: 16 });
      const row = await ctx().database.db.selectFrom('donation_requests').select('failed_attempts').where('id', '=', request.id).executeTakeFirstOrThrow();
      expect(row.failed_attempts).toBe(5);
    }
  });

  it('a receiver cancel racing the accept leaves a consistent pair', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { donor, receiver, donation, request } = await scenario(ctx(), `cancel-accept-${round}`);
      const [accept, cancel] = await Promise.all([
        post(ctx(), `/api/requests/${request.id}/accept`, donor),
        post(ctx(), `/api/requests/${request.id}/cancel`, receiver),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect([200, 409]).toContain(accept.statusCode);
      expect(await expectConsistent(donation.id)).toBe('AVAILABLE');
    }
  });

  it('a withdrawal racing accepts never leaves a PENDING donation without its request, nor two', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { donor, donation, request } = await scenario(ctx(), `withdraw-accept-${round}`);
      const other = await createTestUser(ctx(), { role: 'RECEIVER', fullName: `Other ${round}` });
      const second = await requestDonation(ctx(), other, donation.id);
      const responses = await Promise.all([
        post(ctx(), `/api/requests/${request.id}/accept`, donor),
        post(ctx(), `/api/donations/${donation.id}/cancel`, donor),
        post(ctx(), `/api/requests/${second.id}/accept`, donor),
      ]);
      expect(responses[1]?.statusCode).toBe(200);
      expect(await expectConsistent(donation.id)).toBe('CANCELLED');
      const open = await ctx()
        .database.db.selectFrom('donation_requests')
        .select('id')
        .where('donation_id', '=', donation.id)
        .where('status', 'in', ['PENDING', 'AWAITING_PICKUP'])
        .execute();
      expect(open).toEqual([]);
    }
  });

  it('a cancel racing the confirm: one of them wins, never both', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { donor, receiver, donation, request, code } = await acceptedScenario(ctx(), `cancel-confirm-${round}`);
      const [confirm, cancel] = await Promise.all([
        post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code }),
        post(ctx(), `/api/requests/${request.id}/cancel`, receiver),
      ]);
      expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const status = await expectConsistent(donation.id);
      expect(status).toBe(confirm.statusCode === 200 ? 'COMPLETED' : 'AVAILABLE');

      const second = await acceptedScenario(ctx(), `withdraw-confirm-${round}`);
      const [confirmed, withdrawn] = await Promise.all([
        post(ctx(), `/api/requests/${second.request.id}/confirm-pickup`, second.donor, { pickupCode: second.code }),
        post(ctx(), `/api/donations/${second.donation.id}/cancel`, second.donor),
      ]);
      expect([confirmed.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
      expect(await expectConsistent(second.donation.id)).toBe(confirmed.statusCode === 200 ? 'COMPLETED' : 'CANCELLED');
    }
  });

  it('concurrent requests by one receiver for one donation create one', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const donor = await createTestUser(ctx(), { fullName: `Popular ${round}` });
      const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: `Eager ${round}` });
      const donation = await donate(ctx(), donor);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(ctx(), `/api/requests/create/${donation.id}`, receiver, { paymentMethod: '' })),
      );
      expect(statusCounts(responses)).toEqual({ 201: 1, 409: 9 });
      expect((await get(ctx(), '/api/requests/my-sent-requests', receiver)).json()).toHaveLength(1);
    }
  });
});
