import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { get } from '../../../test/test-handover';

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
