import type { Role } from '@annadaan/contract/common';
import { useSyncExternalStore } from 'react';
import { getSession, getToken, subscribeSession } from './session';

/** The current token (null when signed out); re-renders when the session changes. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}

/** The signed-in person's role (null when signed out). */
export function useSessionRole(): Role | null {
  return useSyncExternalStore(
    subscribeSession,
    () => getSession()?.role ?? null,
    () => null,
  );
}
