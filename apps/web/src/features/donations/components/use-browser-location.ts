import { useCallback, useEffect, useState } from 'react';

export interface BrowserLocation {
  lat: number;
  lng: number;
}

type State =
  | { status: 'unsupported' | 'idle' | 'locating' | 'denied' }
  | { status: 'located'; location: BrowserLocation };

/**
 * The device's position, asked for only when the person chooses to share it, or silently when
 * they already allowed it earlier (a prompt on page load would be rude).
 */
export function useBrowserLocation() {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [state, setState] = useState<State>({ status: supported ? 'idle' : 'unsupported' });

  const locate = useCallback(() => {
    if (!supported) return;
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({ status: 'located', location: { lat: position.coords.latitude, lng: position.coords.longitude } }),
      () => setState({ status: 'denied' }),
      // A cached fix is fine for sorting and saves battery; slow networks need a generous timeout.
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 20_000 },
    );
  }, [supported]);

  useEffect(() => {
    if (!supported || !navigator.permissions) return;
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
  }, [supported, locate]);

  return { state, locate, location: state.status === 'located' ? state.location : null };
}
