import { Skeleton } from '@mantine/core';
import { type ComponentProps, Suspense, lazy } from 'react';

/*
 * Leaflet (about 45 kB gzipped) loads only where a map shows: these wrappers
 * import it on first render, so the landing page and lists without a map never fetch it.
 */
const AreaMapChunk = lazy(() => import('./area-map'));
const PinPickerMapChunk = lazy(() => import('./pin-picker-map'));

export function LazyAreaMap(props: ComponentProps<typeof AreaMapChunk>) {
  return (
    <Suspense fallback={<Skeleton height={220} radius="md" aria-hidden="true" />}>
      <AreaMapChunk {...props} />
    </Suspense>
  );
}

export function LazyPinPickerMap(props: ComponentProps<typeof PinPickerMapChunk>) {
  return (
    <Suspense fallback={<Skeleton height={240} radius="md" aria-hidden="true" />}>
      <PinPickerMapChunk {...props} />
    </Suspense>
  );
}
