import { useEffect } from 'react';

/**
 * Marks the page as taken over by React (`<html data-hydrated>`): until then a page the server drew
 * shows its content, but its buttons do nothing yet. It sits inside the route's Suspense boundary,
 * which React hydrates as its own unit, after the shell: the mark comes once the screen itself
 * works. Browser tests wait for it after each full page load.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
