import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react';
import { ApiError } from './api-client';
import { NEAR_PARAM, type NearChoice, type RadiusKm, readNear, writeNear } from './near-me';
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

/** Written for "Show everywhere" where a list would otherwise open on the person's own area. */
export const EVERYWHERE = 'all';

export interface NearMeOptions {
  /**
   * The place a list opens on when its link names none (issue 29): the signed-in person's own
   * area, the pin code in their profile's location. `pending` while the profile loads; `pin` null
   * when there is none to use.
   */
  home?: { pending: boolean; pin: string | null };
}

/**
 * The "Near me" choice of a list or map: read from the URL, resolved to a reference point (a pin
 * code's centroid from the server's table, this browser's position, or one of a signed-in
 * receiver's saved alerts), and changed through the URL so reloading or sharing the link opens
 * the same view.
 */
export function useNearMe({ home }: NearMeOptions = {}) {
  const { t } = useTranslation('common');
  const [searchParams, changeSearchParams] = useSearchParamsNow();
  const fromUrl = readNear(searchParams);
  const { radiusKm } = fromUrl;
  // The own area applies only to a link that names no place ("Show everywhere" writes `near=all`).
  const atHome = home !== undefined && !searchParams.has(NEAR_PARAM);
  const near: NearChoice = atHome && home.pin !== null ? { kind: 'pin', pin: home.pin } : fromUrl.near;
  const pin = near?.kind === 'pin' ? near.pin : '';
  const place = useQuery({ ...pinCodeQuery(pin), enabled: pin !== '' });
  const position = useCurrentPosition(noop);
  // Only receivers keep alerts (the server refuses the list to anyone else).
  const receiver = useSessionRole() === 'RECEIVER';
  const alerts = useAlerts(receiver);
  const savedAlerts: Alert[] = receiver ? (alerts.data ?? []) : [];

  let status: NearStatus;
  if (atHome && home.pending) {
    status = { kind: 'resolving' };
  } else if (near === null) {
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
  // The own area is not in the URL until something else changes; a change then writes it in.
  const choose = (patch: { near?: NearChoice; radiusKm?: RadiusKm }) =>
    changeSearchParams((now) => writeNear(now, { near: patch.near === undefined && atHome ? near : patch.near, radiusKm: patch.radiusKm }), {
      replace: false,
    });

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
    clear: () =>
      home
        ? changeSearchParams(
            (now) => {
              const next = writeNear(now, { near: null });
              next.set(NEAR_PARAM, EVERYWHERE);
              return next;
            },
            { replace: false },
          )
        : choose({ near: null }),
    /** True while the list shows the person's own area, which the link does not name. */
    atHome: atHome && near !== null,
  };
}

export type NearMe = ReturnType<typeof useNearMe>;
