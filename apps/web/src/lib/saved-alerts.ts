import type { Alert } from '@annadaan/contract/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
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

/** What an alert is called: its name, or its place when it has none ("Alert 18.559, 73.807"). */
export function alertName(alert: Alert, t: TFunction<'common'>): string {
  return alert.label || t('alertName', { lat: alert.lat.toFixed(3), lng: alert.lng.toFixed(3) });
}
