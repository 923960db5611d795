import { useSyncExternalStore } from 'react';

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

/** The current time in milliseconds, refreshed every second while something is listening. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
