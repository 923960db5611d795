import { createContext, use, useSyncExternalStore } from 'react';

/**
 * One shared one-second ticker for every countdown on a page: a grid of 6 cards then costs one
 * interval, not six, which matters on cheap phones. It reads Date.now(), so Playwright's
 * page.clock can move it in tests.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getSnapshot = () => now;

/**
 * When the server drew the page (issue 18): the server renders countdowns with it, and the browser
 * hydrates them with the same time, so the first client render matches the HTML; the ticker takes
 * over right after. Null where nothing was drawn on the server.
 */
export const RenderTimeContext = createContext<number | null>(null);

/** The current time in milliseconds, refreshed every second while something is listening. */
export function useNow(): number {
  const renderedAt = use(RenderTimeContext);
  return useSyncExternalStore(subscribe, getSnapshot, () => renderedAt ?? getSnapshot());
}

/**
 * A value worked out from the current time (whether food has expired), redrawn only when it
 * changes, not every second: the part around a countdown stays put while its digits tick.
 */
export function useFromNow<T extends string | number | boolean>(select: (now: number) => T): T {
  const renderedAt = use(RenderTimeContext);
  return useSyncExternalStore(
    subscribe,
    () => select(getSnapshot()),
    () => select(renderedAt ?? getSnapshot()),
  );
}
