import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from './session';

/** The current token (null when signed out); re-renders when the session changes. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
