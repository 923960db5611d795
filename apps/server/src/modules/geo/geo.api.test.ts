import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { get } from '../../../test/test-handover';
import { GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR } from './geo-routes';
import { errorBody } from '../../../test/error-body';

/** A Nominatim stand-in on 127.0.0.1 that records what it was asked. */
interface Call {
  url: string;
  userAgent: string | undefined;
}
const calls: Call[] = [];
let mode: 'ok' | 'fail' | 'garbage' = 'ok';
const fake = http.createServer((request, response) => {
  calls.push({ url: request.url ?? '', userAgent: request.headers['user-agent'] });
  if (mode === 'fail') {
    response.writeHead(503).end('busy');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  if (mode === 'garbage') {
    response.end('{"nope": true}');
    return;
  }
  const url = new URL(request.url ?? '/', 'http://fake');
  if (url.pathname === '/search') {
    const postalcode = url.searchParams.get('postalcode');
    const places: Record<string, object> = {
      '411030': { lat: '18.5115', lon: '73.8553', display_name: 'Shaniwar Peth, Pune, Maharashtra, 411030, India' },
      // A pin code the geocoder places outside India (another country's postal code).
      '100001': { lat: '51.5', lon: '-0.12', display_name: 'Somewhere, Abroad' },
    };
    const place = postalcode ? places[postalcode] : undefined;
    response.end(JSON.stringify(place ? [place] : []));
    return;
  }
  const lat = url.searchParams.get('lat');
  response.end(
    JSON.stringify({
      display_name: `Shaniwar Wada, Shaniwar Peth, Pune, Maharashtra, 411030, India (${lat})`,
      address: { postcode: lat === '18.51' ? '411 030' : 'none' },
    }),
  );
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describeEachDatabase(
  'reverse geocoding',
  (ctx) => {
    beforeEach(() => {
      calls.length = 0;
      mode = 'ok';
      // Each test starts past the once-per-second budget of the one before.
      ctx().clock.advance(60_000);
    });

    it('asks the geocoder once with a proper User-Agent and caches the answer', async () => {
      const first = await get(ctx(), '/api/geo/reverse?lat=18.51&lon=73.85');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ address: 'Shaniwar Wada, Shaniwar Peth, Pune, Maharashtra, 411030, India (18.51)', pinCode: '411030' });
      expect(calls).toHaveLength(1);
      expect(calls[0]?.url).toMatch(/^\/reverse\?format=json&lat=18\.51&lon=73\.85/);
      expect(calls[0]?.userAgent).toMatch(/^Annadaan\/\S+ \(/);

      ctx().clock.advance(5_000);
      expect((await get(ctx(), '/api/geo/reverse?lat=18.51&lon=73.85')).json()).toEqual(first.json());
      expect(calls).toHaveLength(1);
    });

    it('takes the pin code from the address when the postcode field has none', async () => {
      const response = await get(ctx(), '/api/geo/reverse?lat=18.52&lon=73.85');
      expect(response.json().pinCode).toBe('411030');
    });

    it('calls upstream at most once per second and answers empty meanwhile', async () => {
      expect((await get(ctx(), '/api/geo/reverse?lat=18.53&lon=73.85')).json().address).not.toBe('');
      ctx().clock.advance(999);
      expect((await get(ctx(), '/api/geo/reverse?lat=18.54&lon=73.85')).json()).toEqual({ address: '', pinCode: null });
      expect(calls).toHaveLength(1);
      ctx().clock.advance(1);
      expect((await get(ctx(), '/api/geo/reverse?lat=18.54&lon=73.85')).json().address).not.toBe('');
      expect(calls).toHaveLength(2);
    });

    it('answers empty on any failure and does not cache it', async () => {
      mode = 'fail';
      expect((await get(ctx(), '/api/geo/reverse?lat=18.55&lon=73.85')).json()).toEqual({ address: '', pinCode: null });
      mode = 'garbage';
      ctx().clock.advance(1000);
      expect((await get(ctx(), '/api/geo/reverse?lat=18.56&lon=73.85')).json()).toEqual({ address: '', pinCode: null });
      mode = 'ok';
      ctx().clock.advance(1000);
      expect((await get(ctx(), '/api/geo/reverse?lat=18.55&lon=73.85')).json().address).not.toBe('');
      expect(calls).toHaveLength(3);
    });

    it('answers nearby points (same 3 decimals, about 110 m) from one upstream lookup of the rounded point', async () => {
      const first = await get(ctx(), '/api/geo/reverse?lat=18.60012&lon=73.85049');
      ctx().clock.advance(5_000);
      const second = await get(ctx(), '/api/geo/reverse?lat=18.59961&lon=73.84951');
      expect(second.json()).toEqual(first.json());
      expect(calls).toHaveLength(1);
      // The third party is told the rounded point, never the exact one.
      expect(calls[0]?.url).toMatch(/^\/reverse\?format=json&lat=18\.6&lon=73\.85&/);
    });

    it(`gives each client address its own share of ${GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR} upstream lookups an hour`, async () => {
      const ask = (client: string, lat: number) =>
        ctx().app.inject({ method: 'GET', url: `/api/geo/reverse?lat=${lat.toFixed(3)}&lon=74.1`, remoteAddress: client });
      for (let i = 0; i < GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR; i += 1) {
        ctx().clock.advance(1_000);
        const response = await ask('10.12.0.1', 20 + i / 100);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().address).not.toBe('');
      }
      expect(calls).toHaveLength(GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR);

      ctx().clock.advance(1_000);
      const refused = await ask('10.12.0.1', 21);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const minutes = String(Math.ceil(Number(refused.headers['retry-after']) / 60));
      expect(refused.json()).toEqual(errorBody({ message: 'Too many attempts. Please wait and try again.', code: 'RATE_LIMITED' }, { minutes }));
      expect(calls).toHaveLength(GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR);
      // Points already looked up cost nothing, even with the share spent.
      expect((await ask('10.12.0.1', 20)).statusCode).toBe(200);

      // Someone else still gets their address.
      const other = await ask('10.12.0.2', 21);
      expect(other.statusCode).toBe(200);
      expect(other.json().address).not.toBe('');
      expect(calls).toHaveLength(GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR + 1);

      ctx().clock.advance(3_600_000);
      expect((await ask('10.12.0.1', 21.5)).statusCode).toBe(200);
    });

    it('counts a parallel burst from one client in the database, so exactly the share gets through', async () => {
      const burst = GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR + 15;
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          ctx().app.inject({ method: 'GET', url: `/api/geo/reverse?lat=${(25 + i / 100).toFixed(3)}&lon=74.2`, remoteAddress: '10.12.0.3' }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(burst - GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR);
      expect(statuses.filter((status) => status === 200)).toHaveLength(GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR);
      // The shared once-a-second budget still holds: one of the admitted went upstream.
      expect(calls).toHaveLength(1);
    });

    it('refuses positions that are not on Earth', async () => {
      for (const query of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=&lon=1', 'lat=abc&lon=1', 'lon=1']) {
        const response = await get(ctx(), `/api/geo/reverse?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
      expect(calls).toHaveLength(0);
    });
  },
  { GEOCODER_URL: fakeUrl },
);

describeEachDatabase(
  'reverse geocoding with the geocoder down',
  (ctx) => {
    it('answers empty when nothing listens', async () => {
      expect((await get(ctx(), '/api/geo/reverse?lat=18.5&lon=73.8')).json()).toEqual({ address: '', pinCode: null });
    });
  },
  // Port 9 on the loopback: nothing listens, and nothing leaves the machine.
  { GEOCODER_URL: 'http://127.0.0.1:9' },
);
