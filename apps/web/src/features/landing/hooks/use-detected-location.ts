import { useState } from 'react';
import { useCurrentPosition } from '../../../lib/use-current-position';
import { fetchReverseGeocode } from '../api/geo-api';

export type DetectionState = { status: 'idle' } | { status: 'detecting' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * The visitor's address from the device's position, when they ask for it (or at once if they
 * allowed it before): nothing is asked and no error shows before they act (issue 11). A failed
 * reverse lookup gives no address and no message (spec section 7).
 */
export function useDetectedLocation(onAddress: (address: string) => void): { state: DetectionState; detect: () => void } {
  const [lookingUp, setLookingUp] = useState(false);
  const position = useCurrentPosition(
    (lat, lng) => {
      setLookingUp(true);
      fetchReverseGeocode(lat, lng)
        .then((location) => {
          if (location.address) onAddress(location.address);
        })
        .catch(() => undefined)
        .finally(() => setLookingUp(false));
    },
    // A coarse, recent fix is enough for an address and much faster on phones.
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
  );
  const { state } = position;
  const detection: DetectionState =
    state.status === 'locating' || lookingUp
      ? { status: 'detecting' }
      : state.status === 'failed'
        ? { status: 'failed', message: state.message }
        : state.status === 'located'
          ? { status: 'done' }
          : { status: 'idle' };
  return { state: detection, detect: position.locate };
}
