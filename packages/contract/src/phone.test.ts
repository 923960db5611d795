import { issueMessage } from './message-codes';
import { describe, expect, it } from 'vitest';
import { PhoneSchema, nationalMobile, normalizeIndianMobile } from './common';

describe('normalizeIndianMobile', () => {
  it('stores every way of writing one mobile number as +91 and the 10 digits, once', () => {
    const written = [
      '9876543210',
      '98765 43210',
      '98765-43210',
      '+919876543210',
      '+91 98765 43210',
      '+91-98765-43210',
      '(+91) 98765.43210',
      '919876543210',
      '09876543210',
      '0091 98765 43210',
      ' +91 9876543210 ',
    ];
    expect(written.map(normalizeIndianMobile)).toEqual(written.map(() => '+919876543210'));
  });

  it('reads 10 digits that happen to start with 91 as a national number', () => {
    expect(normalizeIndianMobile('9198765432')).toBe('+919198765432');
    expect(normalizeIndianMobile('+919198765432')).toBe('+919198765432');
  });

  it('refuses what is not an Indian mobile number, or carries the country code twice', () => {
    for (const input of [
      '',
      '12345',
      '5876543210',
      '+91 5876543210',
      '987654321',
      '98765432101',
      '+1 9876543210',
      '+91 +91 98765 43210',
      '+9191 98765 43210',
      'phone 9876543210',
      '98765 4321O',
    ]) {
      expect(normalizeIndianMobile(input), input).toBeNull();
    }
  });

  it('is what PhoneSchema stores, with its message for anything else', () => {
    expect(PhoneSchema.parse('098765 43210')).toBe('+919876543210');
    expect(issueMessage(PhoneSchema.safeParse('+91 +91 98765 43210').error?.issues[0]?.message ?? '').english).toBe(
      'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
    );
  });
});

describe('nationalMobile', () => {
  it('returns the 10 digits that clients show beside their own +91', () => {
    expect(nationalMobile('+919876543210')).toBe('9876543210');
    expect(nationalMobile('+91 98765 43210')).toBe('9876543210');
    expect(nationalMobile('9876543210')).toBe('9876543210');
  });

  it('leaves what is not a mobile number as it is', () => {
    expect(nationalMobile('')).toBe('');
    expect(nationalMobile('080 1234')).toBe('080 1234');
  });
});
