import { beforeAll, expect, it } from 'vitest';
import { freshAddress } from '../accounts';
import { describeEachDatabase } from '../test-app';
import { ACCESS_MATRIX, type Actor } from './access-matrix';
import { fillPath } from './openapi-operations';
import { type World, buildWorld, clearThrottles } from './security-fixtures';
import { injectCall } from './stream-routes';

/**
 * The only API answers a browser or proxy may keep, and only when asked anonymously: public lists
 * and figures. Everything else, and anything asked with a session, is `no-store`.
 */
const CACHEABLE_WHEN_ANONYMOUS = [
  'GET /api/browse/donations',
  'GET /api/browse/donations/{id}',
  'GET /api/browse/new-donations',
  'GET /api/food-requests/{id}/public',
  'GET /api/analytics/public/top-donors',
  'GET /api/analytics/public/impact',
  'GET /api/analytics/statistics/yearly',
  'GET /api/analytics/statistics/summary',
  'GET /api/analytics/statistics/daily-comparison',
  'GET /api/analytics/statistics/food-waste-sources',
  'GET /api/analytics/statistics/growth-rate',
  'GET /api/analytics/public/provenance',
  'GET /api/map/donations',
  'GET /api/pincodes/{pin}',
  'GET /api/map/tiles',
  'GET /api/portions/rules',
];

describeEachDatabase(
  'caching of API answers',
  (ctx) => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(ctx());
    });

    it('is no-store for every signed-in call and varies by Authorization on every route', async () => {
      const cacheableSeen: string[] = [];
      for (const [key, row] of Object.entries(ACCESS_MATRIX)) {
        const [method = '', path = ''] = key.split(' ');
        if (!path.startsWith('/api/')) continue;
        for (const actor of ['anonymous', 'other'] as Actor[]) {
          await clearThrottles(ctx());
          const prepared = (await row.prepare?.(world, actor)) ?? {};
          const person = actor === 'anonymous' ? undefined : (prepared.as ?? world.other);
          const query = prepared.query ? `?${new URLSearchParams(prepared.query).toString()}` : '';
          const headers: Record<string, string> = { ...(person ? person.headers : {}) };
          if (prepared.multipart) headers['content-type'] = prepared.multipart.contentType;
          const response = await injectCall(ctx().app, key, {
            method: method as 'GET' | 'POST' | 'PUT',
            url: fillPath(path, prepared.params ?? {}) + query,
            headers,
            remoteAddress: freshAddress(),
            ...(prepared.multipart ? { payload: prepared.multipart.payload } : prepared.body ? { payload: prepared.body } : {}),
          });
          const cacheControl = String(response.headers['cache-control'] ?? '');
          const vary = String(response.headers.vary ?? '').toLowerCase();
          expect(vary, `${key} as ${actor}: Vary`).toContain('authorization');
          if (person) {
            expect(cacheControl, `${key} signed in (${response.statusCode})`).toBe('no-store');
          } else if (cacheControl !== 'no-store') {
            expect(cacheControl, `${key} anonymous`).toMatch(/^public, max-age=\d+$/);
            expect(response.statusCode, `${key} anonymous`).toBe(200);
            cacheableSeen.push(key);
          }
        }
      }
      expect(cacheableSeen.sort()).toEqual([...CACHEABLE_WHEN_ANONYMOUS].sort());
    });

    it('keeps public lists briefly and never a signed-in copy of the same list', async () => {
      const anonymous = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations', headers: { 'accept-encoding': 'gzip' } });
      expect(anonymous.headers['cache-control']).toBe('public, max-age=5');
      expect(String(anonymous.headers.vary).toLowerCase()).toContain('authorization');
      const signedIn = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations', headers: world.other.headers });
      expect(signedIn.headers['cache-control']).toBe('no-store');
      // A made-up or expired token still marks the call as personal.
      const badToken = await ctx().app.inject({ method: 'GET', url: '/api/browse/donations', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
      expect(badToken.headers['cache-control']).toBe('no-store');
    });

    it('never lets a sign-in or reset answer be kept', async () => {
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: world.other.email, password: 'wrong-password-here' },
        remoteAddress: freshAddress(),
      });
      expect(login.headers['cache-control']).toBe('no-store');
    });
  },
  { DEV_OUTBOX: 'true', GEOCODER_URL: 'http://127.0.0.1:9' },
);
