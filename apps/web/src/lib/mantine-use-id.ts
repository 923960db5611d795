import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from @mantine/hooks), without its switch to a random id after mounting.
 * Mantine draws `mantine-<React's id>` first and then, in a layout effect, sets a random one: every
 * input, label and menu re-rendered synchronously right after it mounted (with hydration, one
 * 100-200 ms task on Browse with the CPU slowed 4×, issue 18), and the server's ids changed under
 * the page. React's id is unique in the app's one root and the same on the server and in the
 * browser, so it is kept. vite.config.ts points Mantine's own import here.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/:/g, '')}`;
}
