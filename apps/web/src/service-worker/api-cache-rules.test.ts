import { describe, expect, it } from 'vitest';
import { isCachedApiRead, isUploadedPhoto, sessionCacheKey } from './api-cache-rules';

const origin = 'https://annadaan.example';
const read = (path: string, method = 'GET', from = origin) => isCachedApiRead(new URL(path, from), method, origin);

describe('isCachedApiRead', () => {
  it('keeps reads of lists, details and the pickup code', () => {
    expect(read('/api/requests/my-sent-requests?page=0')).toBe(true);
    expect(read('/api/requests/my-received-requests')).toBe(true);
    expect(read('/api/requests/12/pickup-code')).toBe(true);
    expect(read('/api/browse/donations?foodType=RAW')).toBe(true);
    expect(read('/api/user/profile')).toBe(true);
  });

  it('never keeps writes, the live stream, sign-in and account answers, or other sites', () => {
    expect(read('/api/requests/12/pickup-code/renew', 'POST')).toBe(false);
    expect(read('/api/donations', 'POST')).toBe(false);
    expect(read('/api/blocks/3', 'PUT')).toBe(false);
    expect(read('/api/events')).toBe(false);
    expect(read('/api/events?since=4')).toBe(false);
    expect(read('/api/auth/logout')).toBe(false);
    expect(read('/api/me/export')).toBe(false);
    expect(read('/api/unsubscribe?token=abc')).toBe(false);
    expect(read('/api/push/public-key')).toBe(false);
    expect(read('/api/health/ready')).toBe(false);
    expect(read('/api/dev/outbox')).toBe(false);
    expect(read('/api/openapi.json')).toBe(false);
    expect(read('/api/browse/donations', 'GET', 'https://elsewhere.example')).toBe(false);
    expect(read('/welcome')).toBe(false);
    expect(read('/BrowseDonations')).toBe(false);
  });

  it('tells uploaded photos apart', () => {
    expect(isUploadedPhoto(new URL('/uploads/ab/cd.webp', origin), 'GET', origin)).toBe(true);
    expect(isUploadedPhoto(new URL('/uploads/ab/cd.webp', 'https://elsewhere.example'), 'GET', origin)).toBe(false);
    expect(isUploadedPhoto(new URL('/api/uploads', origin), 'POST', origin)).toBe(false);
  });
});

describe('sessionCacheKey', () => {
  const url = `${origin}/api/requests/my-sent-requests?page=0`;

  it('keeps a public answer under its address', async () => {
    expect(await sessionCacheKey(url, null)).toBe(url);
  });

  it('keeps a signed-in answer under the address and a hash of the session, never the token itself', async () => {
    const key = await sessionCacheKey(url, 'Bearer secret-token-1');
    expect(key).toMatch(/^https:\/\/annadaan\.example\/api\/requests\/my-sent-requests\?page=0&__session=[0-9a-f]{64}$/);
    expect(key).not.toContain('secret-token-1');
    expect(await sessionCacheKey(url, 'Bearer secret-token-1')).toBe(key);
  });

  it('gives another session, or no session, another key', async () => {
    const first = await sessionCacheKey(url, 'Bearer secret-token-1');
    expect(await sessionCacheKey(url, 'Bearer secret-token-2')).not.toBe(first);
    expect(await sessionCacheKey(url, null)).not.toBe(first);
  });
});
