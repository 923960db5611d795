import { readFileSync } from 'node:fs';
import { MESSAGES, type MessageCode, type MessageParams, coded, englishOf, issueMessage, msg, readMessage } from '@annadaan/contract/message-codes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors';
import { AppError, appError, badRequest, conflict, forbidden, locked, notFound, tooManyRequests, unauthorized } from './http-errors';

/*
 * The catalog is the only home of the English (decision 032): every code has its English and its
 * Hindi (the web's errors.json), with the same {{names}}, and goes out with its status and text.
 * Replaces the source scan: a service can only throw a code the catalog has (the helpers' types).
 */
const locale = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../web/src/i18n/locales/${language}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;
const en = locale('en');
const hi = locale('hi');
const codes = Object.keys(MESSAGES) as MessageCode[];

/** The status each code goes out with when the server throws it; everything else thrown is a 400. */
const STATUS: Record<number, readonly MessageCode[]> = {
  401: ['SIGN_IN_REQUIRED', 'INVALID_LOGIN', 'WEBHOOK_SIGNATURE_INVALID'],
  403: [
    'DONATION_HELD_FOR_ORGANISATIONS',
    'VOLUNTEER_COORDINATOR_ONLY',
    'VOLUNTEER_SUSPENDED',
    'VOLUNTEER_NOT_APPROVED',
    'RUN_OWN_HANDOVER',
    'RUN_NOT_CLAIMED_BY_YOU',
    'RUN_DONOR_ONLY',
    'NOT_ALLOWED',
    'ACCOUNT_DEACTIVATED',
    'ACCOUNT_SUSPENDED',
    'ACCOUNT_SUSPENDED_UNTIL',
    'WITHDRAW_DONOR_ONLY',
    'REQUEST_OWN_DONATION',
    'BLOCKED_REQUEST',
    'DONOR_ONLY_ACCEPT',
    'DONOR_ONLY_REJECT',
    'DONOR_ONLY_CONFIRM_PICKUP',
    'RECEIVER_ONLY_CANCEL',
    'RECEIVER_ONLY_PICKUP_CODE',
    'RECEIVER_ONLY_FRESH_CODE',
    'REPORT_OWN_TARGET',
    'SUSPEND_ADMIN',
    'ALERTS_RECEIVERS_ONLY',
    'FOOD_REQUEST_NOT_YOURS',
    'OUTBOX_REFUSED',
    'WEBHOOK_VERIFY_TOKEN_WRONG',
    'ORGANISATION_COORDINATORS_ONLY',
  ],
  404: [
    'VOLUNTEER_NOT_FOUND',
    'RUN_NOT_FOUND',
    'NOT_FOUND',
    'DONATION_NOT_FOUND',
    'REQUEST_NOT_FOUND',
    'FOOD_REQUEST_NOT_FOUND',
    'PIN_CODE_UNKNOWN',
    'ALERT_NOT_FOUND',
    'NO_SUCH_DONATION',
    'NO_SUCH_FOOD_NEED',
    'NO_SUCH_USER',
    'NO_USER_WITH_ID',
    'ORGANISATION_NOT_FOUND',
    'MEMBER_NOT_FOUND',
    'INVITE_INVALID',
    'WAITLIST_ENTRY_NOT_FOUND',
  ],
  409: [
    'NO_PORTIONS_LEFT',
    'NOT_ENOUGH_PORTIONS_LEFT',
    'WAITLIST_NOT_NEEDED',
    'WAITLIST_ALREADY_JOINED',
    'WAITLIST_HAS_REQUEST',
    'WAITLIST_OFFER_GONE',
    'WAITLIST_NOT_WAITING',
    'VOLUNTEER_NOT_WAITING',
    'RUN_ALREADY_CLAIMED',
    'RUN_NOT_CLAIMED',
    'RUN_RELEASE_TOO_LATE',
    'RUN_NOT_PICKED_UP',
    'RUN_ENDED',
    'RUN_IN_PROGRESS',
    'RUN_RATING_NOT_DELIVERED',
    'RUN_RATING_DUPLICATE',
    'EMAIL_TAKEN',
    'WITHDRAW_TOO_LATE',
    'DONATION_NOT_AVAILABLE',
    'REQUEST_ALREADY_OPEN',
    'DONATION_EXPIRED',
    'REQUEST_ALREADY_REJECTED',
    'NO_SHOW_LIMIT',
    'ANOTHER_REQUEST_ACCEPTED_OR_GONE',
    'ANOTHER_REQUEST_ACCEPTED',
    'ONLY_PENDING_ACCEPTED',
    'ONLY_PENDING_REJECTED',
    'CANCEL_TOO_LATE',
    'PICKUP_ALREADY_CONFIRMED',
    'NOT_AWAITING_PICKUP',
    'REQUEST_NOT_ACCEPTED_YET',
    'PICKUP_CODE_CHANGED',
    'PICKUP_ALREADY_COMPLETE',
    'FOOD_REQUEST_NOT_OPEN',
    'FOOD_REQUEST_EXPIRED',
    'ALERT_LIMIT',
    'REPORT_DUPLICATE',
    'NO_OPEN_REPORTS',
    'ALREADY_HIDDEN',
    'NOT_SUSPENDED',
    'NOT_HIDDEN',
    'RATING_NOT_COMPLETED',
    'RATING_DUPLICATE',
    'PHONE_ALREADY_VERIFIED',
    'PHONE_NOT_VERIFIED',
    'LAST_COORDINATOR',
    'ALREADY_MEMBER',
    'ORGANISATION_NOT_AWAITING_REVIEW',
  ],
  413: ['PICTURE_TOO_LARGE', 'BODY_TOO_LARGE', 'FILE_TOO_LARGE'],
  415: ['PICTURE_TYPE', 'CONTENT_TYPE_UNSUPPORTED'],
  423: ['PASSWORD_RESET_REQUIRED', 'PICKUP_CODE_VOID', 'HANDOVER_CODE_VOID'],
  429: ['TOO_MANY_ATTEMPTS', 'SIGN_IN_ATTEMPTS_EXCEEDED', 'PICKUP_CODE_RENEW_LIMIT', 'CONTACT_TOO_MANY', 'PORTION_DAILY_CAP'],
  500: ['SERVER_ERROR'],
  503: ['SERVER_BUSY', 'DATABASE_READ_ONLY', 'SMS_NOT_SENT'],
};
/** Codes that are no error answer: the words of a success, and the web client's own failures. */
const NOT_THROWN: readonly MessageCode[] = [
  'REGISTERED',
  'RESET_REQUESTED',
  'PASSWORD_RESET_DONE',
  'PASSWORD_CHANGED',
  'ACCOUNT_DELETED',
  'FOOD_REQUEST_SUBMITTED',
  'FOOD_REQUEST_FAILED',
  'CONTACT_SENT',
  'REPORT_SENT',
  'ACCOUNT_DEACTIVATED_DONE',
  'ACCOUNT_REACTIVATED_DONE',
  'WELCOME',
  'NETWORK_ERROR',
  'OFFLINE',
  'REQUEST_FAILED',
  'SOMETHING_WENT_WRONG',
  'FIELD_REQUIRED',
];
const statusOf = (code: MessageCode) => Number(Object.entries(STATUS).find(([, list]) => list.includes(code))?.[0] ?? 400);

const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
/** Values for a code's {{names}}: numbers where the English counts, a word elsewhere. */
function sampleParams(code: MessageCode): MessageParams {
  return Object.fromEntries(names(MESSAGES[code]).map((name) => [name, ['min', 'max', 'status', 'minutes'].includes(name) ? '7' : `${name}-value`]));
}
const fill = (text: string, params: MessageParams) => text.replace(/\{\{(\w+)\}\}/g, (hole, name: string) => params[name] ?? hole);

function throwCode(code: MessageCode, params: MessageParams): AppError {
  const message = { code, ...(Object.keys(params).length > 0 ? { params } : {}) };
  switch (statusOf(code)) {
    case 400:
      return badRequest(message);
    case 401:
      return unauthorized(message);
    case 403:
      return forbidden(message);
    case 404:
      return notFound(message);
    case 409:
      return conflict(message);
    case 423:
      return locked(message);
    case 429:
      return tooManyRequests(60, message);
    default:
      return appError(statusOf(code), 'CLASS', message);
  }
}

const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app, { renderPage: null });
  app.get<{ Params: { code: MessageCode } }>('/throw/:code', async (request) => {
    throw throwCode(request.params.code, sampleParams(request.params.code));
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the message catalog', () => {
  it('has every code in English and Hindi, with the same {{names}}', () => {
    expect(
      Object.keys(en)
        .filter((key) => key !== 'retryIn_one' && key !== 'retryIn_other')
        .sort(),
    ).toEqual([...codes].sort());
    for (const code of codes) {
      expect(en[code], code).toBe(MESSAGES[code]);
      expect(names(hi[code] ?? ''), code).toEqual(names(MESSAGES[code]));
    }
  });

  it('names only codes that exist in its status table and list of non-errors', () => {
    for (const code of [...Object.values(STATUS).flat(), ...NOT_THROWN]) expect(MESSAGES, code).toHaveProperty(code);
  });

  it.each(codes.filter((code) => !NOT_THROWN.includes(code)))('throws %s with its status, English and Hindi', async (code) => {
    const params = sampleParams(code);
    const response = await app.inject({ method: 'GET', url: `/throw/${code}` });
    expect(response.statusCode).toBe(statusOf(code));
    const body = response.json<{ message: string; messageCode: string; params?: MessageParams }>();
    expect(body.message).toBe(fill(MESSAGES[code], params));
    expect(body.messageCode).toBe(code);
    expect(body.params ?? {}).toEqual(statusOf(code) === 429 ? { ...params, minutes: '1' } : params);
    const hindi = fill(hi[code] ?? '', params);
    expect(hindi).not.toMatch(/\{\{/);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    expect(hindi).not.toBe(body.message);
  });

  it('words the non-errors in both languages', () => {
    for (const code of NOT_THROWN) {
      expect(en[code]).toBe(MESSAGES[code]);
      expect(hi[code], code).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('zod messages by code', () => {
  it('carries a code and its values through a string and back', () => {
    expect(msg('DONATION_NOT_FOUND')).toBe('DONATION_NOT_FOUND');
    expect(readMessage(msg('TOO_LONG', { max: 300 }))).toEqual({ code: 'TOO_LONG', params: { max: '300' } });
    expect(issueMessage(msg('PEOPLE_RANGE', { min: 1, max: 10000 }))).toEqual({
      english: 'Enter the number of people, a whole number from 1 to 10000.',
      code: 'PEOPLE_RANGE',
      params: { min: '1', max: '10000' },
    });
  });

  it("leaves zod's own words as they are", () => {
    expect(issueMessage('Invalid input: expected string, received number')).toEqual({ english: 'Invalid input: expected string, received number' });
    expect(readMessage('NOT_A_CODE')).toBeNull();
    expect(readMessage('TOO_LONG {not json}')).toBeNull();
  });

  it('renders the English from the catalog, or the full English where only English has more', () => {
    expect(englishOf(coded('TOO_LONG', { max: 300 }))).toBe('Use at most 300 characters.');
    expect(englishOf({ code: 'PASSWORD_TOO_EASY', english: 'This password is too easy to guess. Add a word.' })).toBe(
      'This password is too easy to guess. Add a word.',
    );
  });
});
