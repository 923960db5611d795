import { expect, it } from 'vitest';
import en from '../i18n/locales/en/common.json';
import hi from '../i18n/locales/hi/common.json';
import { positionFailure } from './use-current-position';

it('tells a refusal, a timeout and an unknown position apart', () => {
  expect(positionFailure(1)).toBe('denied');
  expect(positionFailure(3)).toBe('timeout');
  expect(positionFailure(2)).toBe('unavailable');
  expect(positionFailure(99)).toBe('unavailable');
});

it('explains each failure in plain words and says what to do instead, in English and Hindi', () => {
  expect(en.position.denied).toMatch(/^Unable to retrieve your location: /);
  expect(en.position.denied).toContain('not allowed to share where you are');
  expect(en.position.denied).toContain('Type your address with its 6-digit pin code instead');
  expect(en.position.timeout).toContain('took too long');
  expect(en.position.unavailable).toContain('could not tell where it is');
  // The spec's words lead the message a browser without geolocation gets.
  expect(en.position.unsupported).toMatch(/^Geolocation is not supported by your browser\. /);
  for (const reason of ['unsupported', 'denied', 'timeout', 'unavailable'] as const) {
    expect(hi.position[reason]).toMatch(/पिन कोड/);
    expect(hi.position[reason]).not.toMatch(/[A-Za-z]{3}/);
  }
});
