import { useEffect, useSyncExternalStore } from 'react';

/**
 * Every screen's own `document.title` (issue 11): the route table names each screen, and a
 * screen whose title depends on its data (a donation's food name) overrides it with
 * `usePageTitle`. One store, so the override wins whatever order React runs the effects in.
 */
const SITE = 'Annadaan';

export function documentTitle(screen: string | undefined): string {
  return screen ? `${screen} · ${SITE}` : SITE;
}

let override: string | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setOverride(title: string | undefined) {
  override = title;
  for (const notify of listeners) notify();
}

/** A screen's title from its data; undefined (still loading) keeps the route's title. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    setOverride(title);
    return () => setOverride(undefined);
  }, [title]);
}

/** Used once, by the root layout: the override if a screen set one, else the route's title. */
export function useDocumentTitle(routeTitle: string | undefined) {
  const screenTitle = useSyncExternalStore(
    subscribe,
    () => override,
    () => override,
  );
  const title = documentTitle(screenTitle ?? routeTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
