import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Floating UI's `useMergeRefs`, the one thing Mantine's ScrollArea takes from @floating-ui/react,
 * answered by Mantine's own `useMergedRef` (same merging, same React 19 ref cleanups). Without it
 * every page with a Table or ScrollArea loaded all of Floating UI's positioning code (12.6 kB
 * gzipped) before its first screen: a donation's page and /stats (vite.config.ts, decision 042).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
