import { extractPinCode } from '@annadaan/contract/common';
import type { ReverseGeocode } from '@annadaan/contract/geo';
import type { Clock } from '../../lib/clock';

/** Nominatim's usage policy: at most one request per second from one application. */
const MIN_INTERVAL_MS = 1000;
const TIMEOUT_MS = 5000;
const CACHE_SIZE = 2000;
const NOTHING: ReverseGeocode = { address: '', pinCode: null };

/** Answers are kept per point rounded to this many decimals: 0.001° is about 110 m of latitude. */
const CACHE_DECIMALS = 3;

export interface ReverseGeocoderOptions {
  baseUrl: string;
  userAgent: string;
  clock: Clock;
  onError?: (error: unknown) => void;
}

/**
 * Address lookups through a Nominatim-compatible service. Answers are cached by position rounded
 * to about 110 m (an address and its pin code do not change within that, and the third party
 * never sees the exact point); when the once-per-second budget is spent the caller gets the empty
 * answer at once instead of waiting, the way the spec's client failed silently. `spendShare`
 * runs only when a lookup would go upstream (cache hits and joined lookups are free): it charges
 * the caller's own share and throws to refuse, before the shared budget is touched.
 */
export function createReverseGeocoder(options: ReverseGeocoderOptions) {
  const cache = new Map<string, ReverseGeocode>();
  const inFlight = new Map<string, Promise<ReverseGeocode>>();
  let lastCallAt = Number.NEGATIVE_INFINITY;

  async function ask(lat: number, lon: number): Promise<ReverseGeocode | null> {
    const url = new URL('reverse', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    url.search = new URLSearchParams({ format: 'json', lat: String(lat), lon: String(lon), addressdetails: '1' }).toString();
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      const body: unknown = await response.json();
      if (typeof body !== 'object' || body === null) return NOTHING;
      const { display_name: displayName, address } = body as { display_name?: unknown; address?: { postcode?: unknown } };
      if (typeof displayName !== 'string') return NOTHING;
      const postcode = typeof address?.postcode === 'string' ? address.postcode.replace(/\s/g, '') : '';
      return { address: displayName, pinCode: /^\d{6}$/.test(postcode) ? postcode : extractPinCode(displayName) };
    } catch (error) {
      options.onError?.(error);
      return null;
    }
  }

  return {
    async reverse(lat: number, lon: number, spendShare: () => Promise<void> = async () => undefined): Promise<ReverseGeocode> {
      const roundedLat = Number(lat.toFixed(CACHE_DECIMALS));
      const roundedLon = Number(lon.toFixed(CACHE_DECIMALS));
      const key = `${roundedLat},${roundedLon}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;

      await spendShare();
      // Another caller may have started or finished the same lookup while the share was counted.
      const settled = cache.get(key) ?? inFlight.get(key);
      if (settled) return settled;
      const now = options.clock.now().getTime();
      if (now - lastCallAt < MIN_INTERVAL_MS) return NOTHING;
      lastCallAt = now;

      const lookup = ask(roundedLat, roundedLon).then((answer) => {
        inFlight.delete(key);
        // Failures are not cached: the next try may well succeed.
        if (answer === null) return NOTHING;
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(key, answer);
        return answer;
      });
      inFlight.set(key, lookup);
      return lookup;
    },
  };
}
