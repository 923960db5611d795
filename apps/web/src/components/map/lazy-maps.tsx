import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense, lazy } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { LazyWhenVisible } from '../lazy-when-visible';
import { AreaMapCaption } from './area-map-caption';

/*
 * Leaflet (about 45 kB gzipped) loads only where a map shows: these wrappers
 * import it on first render, so the landing page and lists without a map never fetch it. A map
 * is drawn in the browser only: the server and the hydrating browser both draw its placeholder.
 * A donation's area map loads when it comes within 300 px of the screen: at once where it is on
 * the first screen (above the details on a phone), later on a page scrolled from elsewhere or a
 * short screen. Leaflet's start is a 60-140 ms task on Lighthouse's slowed phone (issue 18).
 */
const AreaMapChunk = lazy(() => import('./area-map'));
const PinPickerMapChunk = lazy(() => import('./pin-picker-map'));

export function LazyAreaMap(props: ComponentProps<typeof AreaMapChunk>) {
  // The caption is drawn with the placeholder, so the map takes exactly its place.
  const placeholder = (
    <figure style={{ margin: 0 }}>
      <Skeleton height={220} radius="md" aria-hidden="true" />
      <AreaMapCaption exact={props.exact !== null} areaName={props.areaName} />
    </figure>
  );
  return (
    <LazyWhenVisible minHeight={220} fallback={placeholder}>
      <AreaMapChunk {...props} />
    </LazyWhenVisible>
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
