import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense, lazy, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import type { AreaMapProps } from './area-map-view';
import { StillAreaMap } from './still-area-map';

/*
 * Leaflet (about 45 kB gzipped) loads only where a map moves: these wrappers import it on first
 * render, so the landing page and lists without a map never fetch it. A donation's area map is a
 * still picture first (still-area-map.tsx), drawn without Leaflet: Leaflet's start was a 60-140 ms
 * task on Lighthouse's slowed phone (issue 18), on a page where most people only look at the map.
 * "Move the map" loads Leaflet and swaps it in on the same view. The pin picker is for moving the
 * pin, so it is Leaflet at once, drawn in the browser only.
 */
const AreaMapChunk = lazy(() => import('./area-map'));
const PinPickerMapChunk = lazy(() => import('./pin-picker-map'));

export function LazyAreaMap(props: AreaMapProps) {
  const [moving, setMoving] = useState(false);
  if (!moving) return <StillAreaMap {...props} onMove={() => setMoving(true)} />;
  return (
    // While Leaflet downloads, the picture stays, without its button.
    <Suspense fallback={<StillAreaMap {...props} />}>
      <AreaMapChunk {...props} focusOnStart />
    </Suspense>
  );
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
