import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { clearSession } from '../../../lib/session';
import { logout } from '../api/auth-api';

/**
 * Ends the session on the server, goes to / and only then forgets the token: clearing it first
 * would make a protected page bounce to /signin on the way out.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      // Offline or an already-dead token: the person still asked to be signed out here.
      console.warn('Logout call failed; clearing the session anyway', error);
    }
    // flushSync: React Router commits route changes in a transition, so without it the old,
    // protected page would still be on screen when the token goes and would bounce to /signin.
    await navigate(paths.landing, { flushSync: true });
    clearSession();
    queryClient.clear();
    setPending(false);
  }

  return { signOut, pending };
}
