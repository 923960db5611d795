import type { ReverseGeocode } from '@annadaan/contract/geo';
import { apiRequest } from './api-client';

/** The address of a point, from the server's geocoder (the donate and request-food forms' "Use my current location"). */
export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal) {
  return apiRequest<ReverseGeocode>('/api/geo/reverse', { query: { lat, lon }, signal });
}
