import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { ApiError } from './api-client';
import { type NearChoice, type RadiusKm, readNear, writeNear } from './near-me';
import type { Alert } from '@annadaan/contract/alerts';
import { pinCodeQuery } from './pincodes-api';
import { alertName, useAlerts } from './saved-alerts';
import { useCurrentPosition } from './use-current-position';
import { useSearchParamsNow } from './use-search-params-now';
import { useSessionRole } from './use-session';

export interface NearPoint {
  lat: number;
  lng: number;
}

export type NearStatus =
  /** No place chosen: lists are not limited and show no distance. */
  | { kind: 'none' }
  /** A pin code being looked up, or the browser asked for its position. */
  | { kind: 'resolving' }
  /** `near=me` from a link, and this browser has not shared its position yet. */
  | { kind: 'needs-position' }
  /** `label` names the place in the reader's language: "pin code 411007 (Pune, Maharashtra)", "your location". */
  | { kind: 'ready'; point: NearPoint; label: string }
  /** `message` says what went wrong and what to do, in the reader's language. */
  | { kind: 'failed'; message: string };

const noop = () => undefined;

/**
 * The "Near me" choice of a list or map: read from the URL, resolved to a reference point (a pin
 * code's centroid from the server's table, this browser's position, or one of a signed-in
 * receiver's saved alerts), and changed through the URL so reloading or sharing the link opens
 * the same view.
 */
export function useNearMe() {
  const { t } = useTranslation('common');
  const [searchParams, changeSearchParams] = useSearchParamsNow();
  const { near, radiusKm } = readNear(searchParams);
  const pin = near?.kind === 'pin' ? near.pin : '';
  const place = useQuery({ ...pinCodeQuery(pin), enabled: pin !== '' });
  const position = useCurrentPosition(noop);
  // Only receivers keep alerts (the server refuses the list to anyone else).
  const receiver = useSessionRole() === 'RECEIVER';
  const alerts = useAlerts(receiver);
  const savedAlerts: Alert[] = receiver ? (alerts.data ?? []) : [];

  let status: NearStatus;
  if (near === null) {
    status = { kind: 'none' };
  } else if (near.kind === 'alert') {
    const alert = savedAlerts.find((one) => one.id === near.id);
    if (!receiver) status = { kind: 'failed', message: t('nearMe.alertNeedsReceiver') };
    else if (alerts.isPending) status = { kind: 'resolving' };
    else if (alerts.isError) status = { kind: 'failed', message: t('nearMe.alertsFailed') };
    else if (!alert) status = { kind: 'failed', message: t('nearMe.alertGone') };
    else status = { kind: 'ready', point: { lat: alert.lat, lng: alert.lng }, label: t('nearMe.placeAlert', { name: alertName(alert, t) }) };
  } else if (near.kind === 'pin') {
    if (place.isPending) status = { kind: 'resolving' };
    else if (place.isError) {
      status = {
        kind: 'failed',
        message:
          place.error instanceof ApiError && (place.error.status === 404 || place.error.status === 400)
            ? t('nearMe.pinUnknown', { pin })
            : t('nearMe.pinLookupFailed'),
      };
    } else {
      const { lat, lng, district, state } = place.data;
      const area = [district, state].filter(Boolean).join(', ');
      status = { kind: 'ready', point: { lat, lng }, label: area ? t('nearMe.placePin', { pin, area }) : t('nearMe.placePinNoArea', { pin }) };
    }
  } else if (position.state.status === 'located') {
    status = { kind: 'ready', point: { lat: position.state.lat, lng: position.state.lng }, label: t('nearMe.placeMe') };
  } else if (position.state.status === 'locating') {
    status = { kind: 'resolving' };
  } else if (position.state.status === 'failed') {
    status = { kind: 'failed', message: position.state.message };
  } else {
    status = { kind: 'needs-position' };
  }

  // Onto the address bar as it is now: a radius chosen right after a pin code keeps the pin code.
  const choose = (patch: { near?: NearChoice; radiusKm?: RadiusKm }) => changeSearchParams((now) => writeNear(now, patch), { replace: false });

  return {
    near,
    radiusKm,
    status,
    /** The reference point once known, else null. */
    point: status.kind === 'ready' ? status.point : null,
    locating: position.state.status === 'locating',
    choosePin: (value: string) => choose({ near: { kind: 'pin', pin: value } }),
    locateMe: () => {
      choose({ near: { kind: 'me' } });
      position.locate();
    },
    chooseRadius: (value: RadiusKm) => choose({ radiusKm: value }),
    /** The signed-in receiver's saved alerts (none for anyone else). */
    savedAlerts,
    chooseAlert: (alert: Alert) => choose({ near: { kind: 'alert', id: alert.id }, radiusKm: alert.radiusKm }),
    clear: () => choose({ near: null }),
  };
}

export type NearMe = ReturnType<typeof useNearMe>;
