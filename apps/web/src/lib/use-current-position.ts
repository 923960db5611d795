import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The device's position, asked for only when the person acts (a "Use my current location"
 * button), never as a prompt or an error on arrival (issue 11). Someone who allowed it before
 * gets it at once without a prompt, which keeps the spec's pre-filled address for them.
 */
export type PositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number }
  | { status: 'failed'; message: string };

export const NOT_SUPPORTED = 'Geolocation is not supported by your browser';
const UNABLE = 'Unable to retrieve your location';

/** Why the position could not be read, in plain words, with what to do instead. */
export function positionFailureMessage(code: number): string {
  switch (code) {
    case 1: // PERMISSION_DENIED
      return `${UNABLE}: this browser is not allowed to share where you are. Type your address with its 6-digit pin code instead, or allow location for this site in the browser's settings and try again.`;
    case 3: // TIMEOUT
      return `${UNABLE}: finding your position took too long. Try again, or type your address with its 6-digit pin code.`;
    default: // POSITION_UNAVAILABLE and anything else
      return `${UNABLE}: your device could not tell where it is just now. Type your address with its 6-digit pin code instead.`;
  }
}

const geolocationSupported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function useCurrentPosition(onLocated: (lat: number, lng: number) => void, options: PositionOptions = {}) {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
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
      setState({ status: 'failed', message: `${NOT_SUPPORTED}. Type your address with its 6-digit pin code instead.` });
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
        if (mounted.current) setState({ status: 'failed', message: positionFailureMessage(error.code) });
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
