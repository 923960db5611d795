import { useCallback, useEffect, useRef, useState } from 'react';

export type DeviceLocationStatus = 'idle' | 'detecting' | 'located' | 'failed' | 'unsupported';

/**
 * Asks the device for its position once on mount (and again on demand). The donate form is the
 * one place where the position is the point of the screen, so asking at once is expected here.
 */
export function useDeviceLocation(onLocated: (lat: number, lng: number) => void) {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  // Detection starts on mount, so the first state already says so.
  const [status, setStatus] = useState<DeviceLocationStatus>(supported ? 'detecting' : 'unsupported');
  // The latest callback, so a re-render does not restart detection.
  const callback = useRef(onLocated);
  useEffect(() => {
    callback.current = onLocated;
  });

  const askDevice = useCallback(() => {
    if (!supported) return;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus('located');
        callback.current(position.coords.latitude, position.coords.longitude);
      },
      () => setStatus('failed'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }, [supported]);

  useEffect(askDevice, [askDevice]);

  const detect = useCallback(() => {
    setStatus('detecting');
    askDevice();
  }, [askDevice]);

  return { status, detect };
}
