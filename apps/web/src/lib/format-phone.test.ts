import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './format';

describe('formatPhone', () => {
  it('shows +91 once before the 10 digits or the masked number the API returns', () => {
    expect(formatPhone('9876543210')).toBe('+91 9876543210');
    expect(formatPhone('98•••••210')).toBe('+91 98•••••210');
  });
  it('never adds a second country code', () => {
    expect(formatPhone('+919876543210')).toBe('+91 9876543210');
    expect(formatPhone('+91 9876543210')).toBe('+91 9876543210');
  });
  it('shows anything else as it is', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('080 1234')).toBe('080 1234');
  });
  it('gives a tel: address only for a whole number', () => {
    expect(phoneHref('9876543210')).toBe('tel:+919876543210');
    expect(phoneHref('+919876543210')).toBe('tel:+919876543210');
    expect(phoneHref('98•••••210')).toBeNull();
  });
});
