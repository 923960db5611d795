import type { Rating } from '@annadaan/contract/ratings';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, get, post } from '../../../test/test-handover';
import { errorBody } from '../../../test/error-body';

describeEachDatabase('ratings', (ctx) => {
  it('lets the donor and the receiver of a completed pickup rate each other once', async () => {
    const { donor, receiver, stranger, request, code } = await acceptedScenario(ctx(), 'rated');
    const early = await post(ctx(), '/api/ratings/submit', receiver, { donationRequestId: request.id, rating: 5, comment: '' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(errorBody({ message: 'Only a completed pickup can be rated.', code: 'CONFLICT' }));

    await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code });

    const byReceiver = await post(ctx(), '/api/ratings/submit', receiver, { donationRequestId: request.id, rating: 5, comment: ' Lovely food ' });
    expect(byReceiver.statusCode, byReceiver.body).toBe(201);
    expect(byReceiver.json()).toEqual({
      id: expect.any(Number),
      donationRequestId: request.id,
      rating: 5,
      comment: 'Lovely food',
      foodName: 'Veg biryani',
      otherPartyName: donor.fullName,
      createdAt: ctx().clock.now().toISOString(),
    });
    const byDonor = await post(ctx(), '/api/ratings/submit', donor, { donationRequestId: request.id, rating: 4 });
    expect(byDonor.statusCode).toBe(201);

    const again = await post(ctx(), '/api/ratings/submit', donor, { donationRequestId: request.id, rating: 1, comment: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already rated this pickup.');
    const byStranger = await post(ctx(), '/api/ratings/submit', stranger, { donationRequestId: request.id, rating: 1 });
    expect(byStranger.statusCode).toBe(404);
    expect((await post(ctx(), '/api/ratings/submit', undefined, { donationRequestId: request.id, rating: 1 })).statusCode).toBe(401);

    expect((await get(ctx(), '/api/ratings/given', receiver)).json<Rating[]>().map((r) => [r.donationRequestId, r.rating])).toEqual([[request.id, 5]]);
    expect((await get(ctx(), '/api/ratings/received', receiver)).json<Rating[]>().map((r) => [r.rating, r.otherPartyName])).toEqual([[4, donor.fullName]]);
    expect((await get(ctx(), '/api/ratings/received', donor)).json<Rating[]>().map((r) => r.rating)).toEqual([5]);
    expect((await get(ctx(), '/api/ratings/given', stranger)).json()).toEqual([]);
    expect((await get(ctx(), '/api/ratings/given')).statusCode).toBe(401);
  });

  it('holds the once-each rule under concurrent submits', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { donor, receiver, request, code } = await acceptedScenario(ctx(), `race-${round}`);
      await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, { pickupCode: code });
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(ctx(), '/api/ratings/submit', receiver, { donationRequestId: request.id, rating: 3 })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    }
  });

  it('validates the stars and the comment', async () => {
    const { receiver, request } = await acceptedScenario(ctx(), 'validation');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ donationRequestId: request.id }, 'rating', 'Please select a star rating.'],
      [{ donationRequestId: request.id, rating: 0 }, 'rating', 'Please select a star rating.'],
      [{ donationRequestId: request.id, rating: 6 }, 'rating', 'Please select a star rating.'],
      [{ donationRequestId: request.id, rating: 4.5 }, 'rating', 'Please select a star rating.'],
      [{ donationRequestId: request.id, rating: 4, comment: 'x'.repeat(501) }, 'comment', 'A comment has at most 500 characters.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(ctx(), '/api/ratings/submit', receiver, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: message });
    }
  });
});
