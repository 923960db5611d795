import { useEffect } from 'react';
import { useMap } from './leaflet-react';

/**
 * Names the map's focusable container for screen readers (Leaflet gives it tabindex 0 and no
 * name) and points at the text that says what it shows.
 */
export function MapLabel({ label, describedBy }: { label: string; describedBy?: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    // A map is a window onto a larger surface (tiles beyond its edges), clipped on purpose like a
    // carousel: the layout check (e2e/support/layout.ts) skips it.
    container.setAttribute('data-clip-ok', '');
    if (describedBy) container.setAttribute('aria-describedby', describedBy);
    else container.removeAttribute('aria-describedby');
  }, [map, label, describedBy]);
  return null;
}
