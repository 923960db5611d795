import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useCurrentPosition } from '../../../lib/use-current-position';
import { fetchReverseGeocode } from '../api/geo-api';

export type DetectionState =
  | { status: 'idle' }
  | { status: 'detecting' }
  | { status: 'done' }
  | { status: 'failed'; message: string }
  /** The device's point is kept, but no address came for it: the visitor is told, and can type it. */
  | { status: 'noAddress'; message: string; lat: number; lng: number };

/**
 * How long the address may take: the server gives up on the geocoder after 5 s, so this only
 * bounds a slow network or server (issue 29: 30 s later there was still nothing on screen).
 */
export const ADDRESS_LOOKUP_TIMEOUT_MS = 10_000;

/**
 * The visitor's address from the device's position, when they ask for it (or at once if they
 * allowed it before): nothing is asked and no error shows before they act (issue 11). The spec's
 * lookup fails silently with an empty address (section 7); like the donate form, the screen then
 * says the position was found without an address (issue 29), keeps the point, and asking again
 * retries the address for that point without asking the device again.
 */
export function useDetectedLocation(onAddress: (address: string) => void): { state: DetectionState; detect: () => void } {
  const { t } = useTranslation('landing');
  const [lookup, setLookup] = useState<{ status: 'idle' | 'looking' | 'found' } | { status: 'missing'; lat: number; lng: number }>({ status: 'idle' });

  const lookUp = (lat: number, lng: number) => {
    setLookup({ status: 'looking' });
    fetchReverseGeocode(lat, lng, AbortSignal.timeout(ADDRESS_LOOKUP_TIMEOUT_MS))
      .then((location) => {
        if (!location.address) throw new Error('No address for this point');
        onAddress(location.address);
        setLookup({ status: 'found' });
      })
      .catch(() => setLookup({ status: 'missing', lat, lng }));
  };
  const position = useCurrentPosition(
    lookUp,
    // A coarse, recent fix is enough for an address and much faster on phones.
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
  );
  const { state } = position;
  const detection: DetectionState =
    state.status === 'locating' || lookup.status === 'looking'
      ? { status: 'detecting' }
      : state.status === 'failed'
        ? { status: 'failed', message: state.message }
        : lookup.status === 'missing'
          ? { status: 'noAddress', message: t('hero.noAddress'), lat: lookup.lat, lng: lookup.lng }
          : state.status === 'located'
            ? { status: 'done' }
            : { status: 'idle' };
  const detect = () => (lookup.status === 'missing' ? lookUp(lookup.lat, lookup.lng) : position.locate());
  return { state: detection, detect };
}
