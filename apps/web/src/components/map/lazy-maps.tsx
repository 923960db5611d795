import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense, lazy, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import type { AreaMapProps } from './area-map-view';
import { StillAreaMap } from './still-area-map';

/*
 * Leaflet (about 45 kB gzipped) loads only where a map moves, so the landing page and lists
 * without a map never fetch it. A donation's area map is a still picture first
 * (still-area-map.tsx), drawn without Leaflet: Leaflet's start was a 60-140 ms task on
 * Lighthouse's slowed phone (issue 18), on a page where most people only look at the map. "Move
 * the map" loads Leaflet and swaps it in on the same view; the picture stays while it loads, and
 * says so if it cannot (offline). The pin picker is for moving the pin, so it is Leaflet from its
 * first render, drawn in the browser only.
 */
const loadAreaMap = () => import('./area-map');
const PinPickerMapChunk = lazy(() => import('./pin-picker-map'));

type MovingMap = Awaited<ReturnType<typeof loadAreaMap>>['default'];

export function LazyAreaMap(props: AreaMapProps) {
  const [map, setMap] = useState<{ Moving: MovingMap } | null>(null);
  const [state, setState] = useState<'still' | 'loading' | 'failed'>('still');
  if (map) return <map.Moving {...props} focusOnStart />;
  const move = () => {
    setState('loading');
    // Without a signal Leaflet's code may not come: the picture stays and says so, and the button
    // tries again (no error screen in place of the donation).
    loadAreaMap().then(
      (module) => setMap({ Moving: module.default }),
      () => setState('failed'),
    );
  };
  return <StillAreaMap {...props} onMove={move} moving={state === 'loading'} moveFailed={state === 'failed'} />;
}

export function LazyPinPickerMap(props: ComponentProps<typeof PinPickerMapChunk>) {
  const placeholder = <Skeleton height={240} radius="md" aria-hidden="true" />;
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PinPickerMapChunk {...props} />
    </Suspense>
  );
}
