import type { Role } from '@annadaan/contract/common';

/**
 * The session lives in sessionStorage under `token` and `role` (spec section 3), so it ends when
 * the tab closes. Signed-in is judged by the token. Listeners hear every change.
 */
const TOKEN_KEY = 'token';
const ROLE_KEY = 'role';
const listeners = new Set<() => void>();
/**
 * The router location key of the page where the person pressed Logout. That page goes to the
 * landing page; any later visit to a protected page goes to /signin as usual.
 */
let signedOutAtLocation: string | null = null;

export interface Session {
  token: string;
  role: Role;
}

/** sessionStorage, or null where there is none (the server render: nobody is signed in there). */
function storage(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

export function getSession(): Session | null {
  if (!storage()) return null;
  const token = sessionStorage.getItem(TOKEN_KEY);
  const role = sessionStorage.getItem(ROLE_KEY) as Role | null;
  return token && role ? { token, role } : null;
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function saveSession(session: Session) {
  signedOutAtLocation = null;
  sessionStorage.setItem(TOKEN_KEY, session.token);
  sessionStorage.setItem(ROLE_KEY, session.role);
  notify();
}

/** Forgets the session; `signedOutAt` is the location key of the page where the person signed out. */
export function clearSession(signedOutAt: string | null = null) {
  signedOutAtLocation = signedOutAt;
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(ROLE_KEY);
  notify();
}

export function signedOutOnThisPage(locationKey: string): boolean {
  return signedOutAtLocation === locationKey;
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}
