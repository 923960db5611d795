import { nationalMobile } from '@annadaan/contract/common';
import type { PickupInfo } from '@annadaan/contract/requests';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { acceptedScenario, donationStatus, get, post, requestRow, wrongCode } from '../../../test/test-handover';
import { errorBody } from '../../../test/error-body';

const VOID_MESSAGE = 'This pickup code is void after 5 wrong entries. The receiver can cancel this request and request the food again.';

describeEachDatabase('pickup codes', (ctx) => {
  const confirm = (id: number, user: Parameters<typeof post>[2], pickupCode: string) => post(ctx(), `/api/requests/${id}/confirm-pickup`, user, { pickupCode });

  it('voids the code after 5 wrong entries, with 423 from then on', async () => {
    const { donor, receiver, donation, request, code } = await acceptedScenario(ctx(), 'void');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await confirm(request.id, donor, wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        errorBody({
          message: 'That pickup code is not right. Please check it with the receiver.',
          code: 'WRONG_PICKUP_CODE',
          fieldErrors: { pickupCode: 'That pickup code is not right. Please check it with the receiver.' },
        }),
      );
    }
    const fifth = await confirm(request.id, donor, wrongCode(code));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual(errorBody({ message: VOID_MESSAGE, code: 'LOCKED' }));

    // Even the right code no longer works, and no fresh code revives the request.
    expect((await confirm(request.id, donor, code)).statusCode).toBe(423);
    expect((await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).statusCode).toBe(423);
    expect((await post(ctx(), `/api/requests/${request.id}/pickup-code/renew`, receiver)).statusCode).toBe(423);
    expect(await requestRow(ctx(), request.id)).toMatchObject({ status: 'AWAITING_PICKUP', failed_attempts: 5 });
    expect(await donationStatus(ctx(), donation.id)).toBe('PENDING');

    // The way out: the receiver cancels and the food is listed again.
    expect((await post(ctx(), `/api/requests/${request.id}/cancel`, receiver)).statusCode).toBe(200);
    expect(await donationStatus(ctx(), donation.id)).toBe('AVAILABLE');
  });

  it('compares at most 5 of a burst of parallel entries, and the right code is refused after them', async () => {
    const { donor, donation, request, code } = await acceptedScenario(ctx(), 'burst');
    const instances = [ctx().app, (await ctx().secondInstance()) ?? ctx().app];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (instances[n % 2] ?? ctx().app).inject({
          method: 'POST',
          url: `/api/requests/${request.id}/confirm-pickup`,
          headers: donor.headers,
          payload: { pickupCode: wrongCode(code) },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    // Four wrong entries are told so, the fifth voids the code, and the other 15 were never compared.
    expect(statuses).toEqual([...Array<number>(4).fill(400), ...Array<number>(16).fill(423)]);
    expect(await requestRow(ctx(), request.id)).toMatchObject({ status: 'AWAITING_PICKUP', failed_attempts: 5 });
    expect((await confirm(request.id, donor, code)).statusCode).toBe(423);
    expect(await donationStatus(ctx(), donation.id)).toBe('PENDING');
  });

  it('after the last try, a right entry gets the same answer as a wrong one: nothing is learnt from a burst', async () => {
    const { donor, request, code } = await acceptedScenario(ctx(), 'mixed');
    const entries = [...Array<string>(20).fill(wrongCode(code)), ...Array<string>(20).fill(code)];
    const responses = await Promise.all(entries.map((pickupCode) => confirm(request.id, donor, pickupCode)));
    const statuses = responses.map((response) => response.statusCode);
    const row = await requestRow(ctx(), request.id);
    if (row.status === 'COMPLETED') {
      // A right entry came in while a try was left: it alone completed the pickup.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(4);
    } else {
      // Five wrong entries took every try; the right ones after them were turned away like any other.
      expect(row).toMatchObject({ status: 'AWAITING_PICKUP', failed_attempts: 5 });
      expect(statuses.filter((status) => status === 400)).toHaveLength(4);
      expect(statuses.filter((status) => status === 423)).toHaveLength(36);
    }
  });

  it('does not count a right entry as a failed one', async () => {
    const { donor, request, code } = await acceptedScenario(ctx(), 'giveback');
    expect((await confirm(request.id, donor, wrongCode(code))).statusCode).toBe(400);
    expect((await confirm(request.id, donor, code)).statusCode).toBe(200);
    expect(await requestRow(ctx(), request.id)).toMatchObject({ status: 'COMPLETED', failed_attempts: 1 });
  });

  it('checks the code format before counting', async () => {
    const { donor, request } = await acceptedScenario(ctx(), 'format');
    for (const pickupCode of ['', '12345', '1234567', 'abcdef']) {
      const response = await confirm(request.id, donor, pickupCode);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('pickupCode');
    }
    expect((await post(ctx(), `/api/requests/${request.id}/confirm-pickup`, donor, {})).json().message).toBe('Please enter the OTP.');
    expect((await requestRow(ctx(), request.id)).failed_attempts).toBe(0);
  });

  it('gives the receiver at most 3 fresh codes; the old code dies and wrong entries still count', async () => {
    const { donor, receiver, request, code } = await acceptedScenario(ctx(), 'renew');
    expect((await confirm(request.id, donor, wrongCode(code))).statusCode).toBe(400);
    expect((await confirm(request.id, donor, wrongCode(code))).statusCode).toBe(400);

    let current = code;
    for (let renewal = 1; renewal <= 3; renewal += 1) {
      const response = await post(ctx(), `/api/requests/${request.id}/pickup-code/renew`, receiver);
      expect(response.statusCode, response.body).toBe(200);
      const info = response.json<PickupInfo>();
      expect(info.pickupCode).toMatch(/^\d{6}$/);
      expect(info.donorContactNumber).toBe(nationalMobile(donor.contactNumber));
      expect((await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver)).json<PickupInfo>().pickupCode).toBe(info.pickupCode);
      current = info.pickupCode;
    }
    const fourth = await post(ctx(), `/api/requests/${request.id}/pickup-code/renew`, receiver);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(errorBody({ message: 'A fresh code can be issued at most 3 times per request.', code: 'RENEW_LIMIT' }));
    expect(await requestRow(ctx(), request.id)).toMatchObject({ codes_issued: 4, failed_attempts: 2 });

    // 2 wrong before the fresh codes + 3 now = 5: void.
    expect((await confirm(request.id, donor, wrongCode(current))).statusCode).toBe(400);
    expect((await confirm(request.id, donor, wrongCode(current))).statusCode).toBe(400);
    expect((await confirm(request.id, donor, wrongCode(current))).statusCode).toBe(423);
  });

  it('accepts the fresh code and refuses the replaced one', async () => {
    const { donor, receiver, request, code } = await acceptedScenario(ctx(), 'fresh');
    const fresh = (await post(ctx(), `/api/requests/${request.id}/pickup-code/renew`, receiver)).json<PickupInfo>().pickupCode;
    if (fresh !== code) expect((await confirm(request.id, donor, code)).statusCode).toBe(400);
    expect((await confirm(request.id, donor, fresh)).statusCode).toBe(200);
  });

  it('never writes a pickup code to the log', async () => {
    const { donor, receiver, request, code } = await acceptedScenario(ctx(), 'logs');
    await confirm(request.id, donor, wrongCode(code));
    const fresh = (await post(ctx(), `/api/requests/${request.id}/pickup-code/renew`, receiver)).json<PickupInfo>().pickupCode;
    await get(ctx(), `/api/requests/${request.id}/pickup-code`, receiver);
    await confirm(request.id, donor, fresh);
    // Should anyone ever log a request body or a code object, the redaction holds.
    ctx().app.log.info({ body: { pickupCode: fresh }, req: { body: { pickupCode: fresh } }, pickupCode: code }, 'redaction probe');
    const logs = ctx().logs().join('\n');
    expect(logs).toContain('pickup code rejected');
    expect(logs).toContain('redaction probe');
    // Digits inside timestamps and response times are not codes: look for the code standing alone.
    const standalone = (value: string) => new RegExp(`(?<![\\d.])${value}(?!\\d)`);
    expect(logs).toContain('[redacted]');
    expect(logs).not.toMatch(standalone(code));
    expect(logs).not.toMatch(standalone(fresh));
  });
});
