import { snapToGrid } from '@annadaan/contract/area';
import type { PinCodePlace } from '@annadaan/contract/geo';
import pinCodeData from './pincodes.json' with { type: 'json' };

/**
 * India's pin codes and their centroids, loaded once from the file scripts/build-pincodes.mjs
 * generates from two npm packages' open data (docs/data-sources.md). No network call.
 * Each entry is [lat, lng, district index, state index].
 */
interface PinCodeData {
  districts: string[];
  states: string[];
  pins: Record<string, [number, number, number, number]>;
}

const data = pinCodeData as unknown as PinCodeData;

export function findPinCode(pin: string): PinCodePlace | null {
  const entry = Object.hasOwn(data.pins, pin) ? data.pins[pin] : undefined;
  if (!entry) return null;
  const [lat, lng, district, state] = entry;
  return { pin, lat, lng, district: data.districts[district] ?? '', state: data.states[state] ?? '' };
}

/** How many pin codes the table places. */
export function pinCodeCount(): number {
  return Object.keys(data.pins).length;
}

/**
 * A food need's public point: the ~500 m grid cell's centre of its exact point or, without one,
 * of its pin code's centroid (public data, so nothing private is given away); null when neither.
 */
export function needPublicPoint(latitude: number | null, longitude: number | null, pinCode: string): { lat: number; lng: number } | null {
  if (latitude !== null && longitude !== null) return { lat: snapToGrid(Number(latitude)), lng: snapToGrid(Number(longitude)) };
  const place = findPinCode(pinCode);
  return place ? { lat: snapToGrid(place.lat), lng: snapToGrid(place.lng) } : null;
}
