import type { Alert } from '@annadaan/contract/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/*
 * A receiver's saved food alerts, read by the alerts page and by "Near me" (a saved alert's point
 * and radius as the place to measure from), so the list lives here rather than in one feature.
 */

export function fetchAlerts(signal?: AbortSignal) {
  return apiRequest<Alert[]>('/api/alerts', { signal });
}

export const alertQueries = {
  all: ['alerts'] as const,
  list: () => queryOptions({ queryKey: [...alertQueries.all, 'list'] as const, queryFn: ({ signal }) => fetchAlerts(signal) }),
};

/** The list; pass `enabled: false` for people who cannot have alerts (only receivers can). */
export function useAlerts(enabled = true) {
  return useQuery({ ...alertQueries.list(), enabled });
}

/** What an alert is called: its name, or its place when it has none. */
export function alertName(alert: Alert): string {
  return alert.label || `Alert ${alert.lat.toFixed(3)}, ${alert.lng.toFixed(3)}`;
}
