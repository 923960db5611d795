import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps the path and the parameter names and hides every value', () => {
    expect(redactUrl('/api/dev/outbox?email=asha%40example.in')).toBe('/api/dev/outbox?email=[redacted]');
    expect(redactUrl('/api/browse/donations?location=9876543210&sort=NEWEST&page=2')).toBe(
      '/api/browse/donations?location=[redacted]&sort=[redacted]&page=[redacted]',
    );
    expect(redactUrl('/api/x?a=1&a=2&flag')).toBe('/api/x?a=[redacted]&a=[redacted]&flag=[redacted]');
  });

  it('leaves URLs without a query alone', () => {
    expect(redactUrl('/api/requests/12/accept')).toBe('/api/requests/12/accept');
    expect(redactUrl('/api/health?')).toBe('/api/health?');
  });
});
