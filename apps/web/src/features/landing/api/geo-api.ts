import { apiRequest } from '../../../lib/api-client';

export interface DetectedLocation {
  address: string;
  pinCode: string | null;
}

/*
 * GET /api/geo/reverse → { address, pinCode }. Checked by hand rather than with the contract's zod
 * schema: this runs on the landing page's first load, which stays free of zod.
 */
export async function fetchReverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<DetectedLocation> {
  const body = await apiRequest<unknown>('/api/geo/reverse', { query: { lat, lon }, signal });
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const address = typeof record.address === 'string' ? record.address : '';
  const pinCode = typeof record.pinCode === 'string' ? record.pinCode : null;
  return { address, pinCode };
}
