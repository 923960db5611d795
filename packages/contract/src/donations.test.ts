import { issueMessage, msg } from './message-codes';

/** What a person reads in English for an issue's message (the one formatter). */
const englishOfIssue = (message: string | undefined) => issueMessage(message ?? '').english;
import { describe, expect, it } from 'vitest';
import {
  BrowseQuerySchema,
  CreateDonationInputSchema,
  computeExpiresAt,
  countdownSeconds,
  effectiveDonationStatus,
  isValidPrice,
  parseGeolocation,
  secondsLeft,
} from './donations';
import { resolvePaymentMethod } from './requests';
import { parseInstantInput } from './time';

const created = new Date('2026-06-01T06:30:00.000Z');
const at = (iso: string) => new Date(iso);

describe('instants typed by people', () => {
  it('reads a time without offset as India time', () => {
    expect(parseInstantInput('2026-06-01T18:30')?.toISOString()).toBe('2026-06-01T13:00:00.000Z');
    expect(parseInstantInput('2026-06-01 18:30:15')?.toISOString()).toBe('2026-06-01T13:00:15.000Z');
  });
  it('keeps an explicit offset or Z', () => {
    expect(parseInstantInput('2026-06-01T18:30:00Z')?.toISOString()).toBe('2026-06-01T18:30:00.000Z');
    expect(parseInstantInput('2026-06-01T18:30:00.5-0100')?.toISOString()).toBe('2026-06-01T19:30:00.500Z');
  });
  it('refuses what is not an instant', () => {
    for (const text of ['', 'tomorrow', '2026-02-30T10:00', '2026-06-01T24:00', '2026-06-01']) expect(parseInstantInput(text)).toBeNull();
  });
});

describe('expiry rule', () => {
  it('ends pre-cooked food 4 hours after posting when no expiry is given', () => {
    expect(computeExpiresAt('PRECOOKED', null, created)).toEqual({ ok: true, expiresAt: at('2026-06-01T10:30:00.000Z') });
  });
  it('takes the earlier of the given expiry and 4 hours for pre-cooked food', () => {
    expect(computeExpiresAt('PRECOOKED', at('2026-06-01T08:00:00.000Z'), created)).toEqual({ ok: true, expiresAt: at('2026-06-01T08:00:00.000Z') });
    expect(computeExpiresAt('PRECOOKED', at('2026-06-03T08:00:00.000Z'), created)).toEqual({ ok: true, expiresAt: at('2026-06-01T10:30:00.000Z') });
    expect(computeExpiresAt('PRECOOKED', created, created)).toEqual({ ok: false, message: { code: 'EXPIRY_IN_PAST' } });
  });
  it('needs a future expiry at most 30 days ahead for raw food', () => {
    expect(computeExpiresAt('RAW', null, created)).toEqual({ ok: false, message: { code: 'REQUIRED_FIELDS' } });
    expect(computeExpiresAt('RAW', at('2026-06-01T06:29:59.000Z'), created)).toEqual({ ok: false, message: { code: 'EXPIRY_IN_PAST' } });
    expect(computeExpiresAt('RAW', at('2026-07-01T06:30:00.000Z'), created)).toEqual({ ok: true, expiresAt: at('2026-07-01T06:30:00.000Z') });
    expect(computeExpiresAt('RAW', at('2026-07-01T06:30:00.001Z'), created)).toEqual({ ok: false, message: { code: 'EXPIRY_TOO_FAR' } });
  });
  it('counts the timer from creation and floors the time left at 0', () => {
    const countdown = countdownSeconds(created, at('2026-06-01T10:30:00.000Z'));
    expect(countdown).toBe(4 * 3600);
    expect(secondsLeft(countdown, created, at('2026-06-01T07:30:00.900Z'))).toBe(3 * 3600);
    expect(secondsLeft(countdown, created, at('2026-06-01T10:30:00.000Z'))).toBe(0);
    expect(secondsLeft(countdown, created, at('2026-06-02T00:00:00.000Z'))).toBe(0);
  });
  it('treats an open donation past its time as expired', () => {
    const expires = at('2026-06-01T10:30:00.000Z');
    expect(effectiveDonationStatus('AVAILABLE', expires, at('2026-06-01T10:29:59.999Z'))).toBe('AVAILABLE');
    expect(effectiveDonationStatus('AVAILABLE', expires, expires)).toBe('EXPIRED');
    expect(effectiveDonationStatus('PENDING', expires, expires)).toBe('EXPIRED');
    expect(effectiveDonationStatus('COMPLETED', expires, expires)).toBe('COMPLETED');
  });
});

describe('create-donation input', () => {
  const valid = {
    foodName: 'Veg biryani',
    description: 'Fresh, made at noon',
    quantity: '10 plates',
    location: 'MG Road, Pune 411001',
    refrigerationAvailable: true,
  };

  it('applies the defaults: free, self pickup, pre-cooked', () => {
    const parsed = CreateDonationInputSchema.parse(valid);
    expect(parsed).toMatchObject({ free: true, price: 0, deliveryType: 'SELF_PICKUP', foodType: 'PRECOOKED', pinCode: '411001', imageUrl: null });
  });
  it('says which required field is missing with the spec message', () => {
    const result = CreateDonationInputSchema.safeParse({ ...valid, foodName: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['foodName'], message: msg('REQUIRED_FIELDS') });
  });
  it('needs a price above 0 for paid food and drops it for free food', () => {
    const paid = CreateDonationInputSchema.safeParse({ ...valid, free: false, price: 0 });
    expect(englishOfIssue(paid.error?.issues[0]?.message)).toBe('Please enter a valid price greater than 0 for paid food.');
    expect(CreateDonationInputSchema.parse({ ...valid, free: false, price: '49.50' }).price).toBe(49.5);
    expect(CreateDonationInputSchema.parse({ ...valid, free: true, price: 80 }).price).toBe(0);
    expect(isValidPrice(10.005)).toBe(false);
  });
  it('asks pre-cooked food about refrigeration and forces it off for raw food', () => {
    const { refrigerationAvailable: _omitted, ...rest } = valid;
    const result = CreateDonationInputSchema.safeParse(rest);
    expect(englishOfIssue(result.error?.issues[0]?.message)).toBe('Please specify refrigeration availability for precooked food.');
    expect(CreateDonationInputSchema.parse({ ...valid, foodType: 'RAW', expiryDateTime: '2026-06-03T10:00' }).refrigerationAvailable).toBe(false);
  });
  it('needs a 6-digit pin code in the pickup address', () => {
    const result = CreateDonationInputSchema.safeParse({ ...valid, location: 'MG Road, Pune 41100' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['location'], message: msg('PICKUP_PIN_CODE_NEEDED') });
    expect(englishOfIssue(result.error?.issues[0]?.message)).toBe('A valid 6-digit pin code is required in the Pickup Address.');
  });
  it('ignores a client-sent status and creation time', () => {
    const parsed = CreateDonationInputSchema.parse({ ...valid, status: 'COMPLETED', createdAt: '2020-01-01T00:00:00Z' });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('createdAt');
  });
  it('reads the geolocation as two numbers', () => {
    expect(parseGeolocation('18.52,73.85')).toEqual({ latitude: 18.52, longitude: 73.85 });
    expect(parseGeolocation('95,73')).toBeNull();
    expect(CreateDonationInputSchema.safeParse({ ...valid, geolocation: 'here' }).error?.issues[0]?.path).toEqual(['geolocation']);
  });
});

describe('browse query', () => {
  it('defaults to ending soon, page 1 of 50', () => {
    expect(BrowseQuerySchema.parse({})).toMatchObject({ sort: 'ENDING_SOON', page: 1, pageSize: 50 });
  });
  it("accepts the spec client's LATEST as OLDEST", () => {
    expect(BrowseQuerySchema.parse({ sort: 'LATEST' }).sort).toBe('OLDEST');
  });
  it('caps the page size and needs a position for NEAREST', () => {
    expect(BrowseQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(BrowseQuerySchema.safeParse({ sort: 'NEAREST' }).success).toBe(false);
    expect(BrowseQuerySchema.parse({ sort: 'NEAREST', lat: '18.5', lng: '73.8' })).toMatchObject({ lat: 18.5, lng: 73.8 });
  });
});

describe('payment method', () => {
  it('is NOT_APPLICABLE for free food and CASH by default otherwise', () => {
    expect(resolvePaymentMethod(true, undefined)).toBe('NOT_APPLICABLE');
    expect(resolvePaymentMethod(true, 'UPI')).toBe('NOT_APPLICABLE');
    expect(resolvePaymentMethod(false, undefined)).toBe('CASH');
    expect(resolvePaymentMethod(false, 'UPI')).toBe('UPI');
  });
});
