import { useEffect, useRef, useState } from 'react';
import { fetchReverseGeocode } from '../api/geo-api';

export type DetectionState =
  | { status: 'detecting' }
  | { status: 'done' }
  | { status: 'failed'; message: string };

const NOT_SUPPORTED = 'Geolocation is not supported by your browser';
const UNAVAILABLE = 'Unable to retrieve your location';

/**
 * Asks the browser for the position once, turns it into an address through the server and hands
 * the address to `onAddress`. A failed reverse lookup gives an empty address and no message (spec
 * section 7); a refused or failed position gives 'Unable to retrieve your location'.
 */
export function useDetectedLocation(onAddress: (address: string) => void): DetectionState {
  const [state, setState] = useState<DetectionState>(() =>
    typeof navigator !== 'undefined' && 'geolocation' in navigator ? { status: 'detecting' } : { status: 'failed', message: NOT_SUPPORTED },
  );
  // The latest callback, so the one-off detection below never runs twice for a new closure.
  const callback = useRef(onAddress);
  useEffect(() => {
    callback.current = onAddress;
  });

  const supported = state.status !== 'failed' || state.message !== NOT_SUPPORTED;
  useEffect(() => {
    if (!supported) return;
    const controller = new AbortController();
    navigator.geolocation.getCurrentPosition(
      (position) => {
        fetchReverseGeocode(position.coords.latitude, position.coords.longitude, controller.signal)
          .then((location) => {
            if (location.address) callback.current(location.address);
          })
          .catch(() => undefined)
          .finally(() => {
            if (!controller.signal.aborted) setState({ status: 'done' });
          });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: UNAVAILABLE });
      },
      // A coarse, recent fix is enough for an address and much faster on phones.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
    return () => controller.abort();
  }, [supported]);

  return state;
}
