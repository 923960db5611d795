import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * The device's position, asked for only when the person acts (a "Use my current location"
 * button), never as a prompt or an error on arrival (issue 11). Someone who allowed it before
 * gets it at once without a prompt, which keeps the spec's pre-filled address for them.
 */
/** Why the position could not be read. */
export type PositionFailure = 'unsupported' | 'denied' | 'timeout' | 'unavailable';

export type PositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number }
  | { status: 'failed'; reason: PositionFailure; message: string };

type StoredState = Exclude<PositionState, { status: 'failed' }> | { status: 'failed'; reason: PositionFailure };

/** The browser's error code (GeolocationPositionError) as a reason. */
export function positionFailure(code: number): PositionFailure {
  switch (code) {
    case 1: // PERMISSION_DENIED
      return 'denied';
    case 3: // TIMEOUT
      return 'timeout';
    default: // POSITION_UNAVAILABLE and anything else
      return 'unavailable';
  }
}

const geolocationSupported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function useCurrentPosition(onLocated: (lat: number, lng: number) => void, options: PositionOptions = {}) {
  const { t } = useTranslation('common');
  const [stored, setState] = useState<StoredState>({ status: 'idle' });
  // Why it failed, in plain words with what to do instead, in the language shown now.
  const state: PositionState = stored.status === 'failed' ? { ...stored, message: t(`position.${stored.reason}`) } : stored;
  // The latest callback and options, so a re-render neither restarts nor loses them.
  const latest = useRef({ onLocated, options });
  useEffect(() => {
    latest.current = { onLocated, options };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    if (!geolocationSupported()) {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setState({ status: 'located', lat: position.coords.latitude, lng: position.coords.longitude });
        latest.current.onLocated(position.coords.latitude, position.coords.longitude);
      },
      (error) => {
        if (mounted.current) setState({ status: 'failed', reason: positionFailure(error.code) });
      },
      { timeout: 20_000, maximumAge: 5 * 60_000, ...latest.current.options },
    );
  }, []);

  // Already allowed: no prompt is involved, so reading the position at once asks nothing.
  useEffect(() => {
    if (!geolocationSupported() || !navigator.permissions) return;
    let cancelled = false;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [locate]);

  return { state, locate };
}
