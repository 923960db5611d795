import { startTransition, useEffect, useState } from 'react';

/** Whether the browser has taken over what the server drew; from then on, parts mount as themselves. */
let hydrated = false;

/** For an app started without a server-drawn page (createRoot): nothing to match, so true from the first render. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * False on the server and while the browser hydrates what the server drew, true after: a part that
 * depends on what only the browser knows (who is signed in, the screen's size) draws what the
 * server drew first. The switch is a transition, so React redraws those parts in slices a tap can
 * interrupt: as a store update (useSyncExternalStore) it was one synchronous render right after
 * hydration, 100-130 ms with the CPU slowed 4× on a donation's page (issue 18).
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    if (value) return;
    hydrated = true;
    startTransition(() => setValue(true));
  }, [value]);
  return value;
}
