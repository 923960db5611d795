import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { clearSession } from '../../../lib/session';
import { logout } from '../api/auth-api';

/** Ends the session on the server and here, and goes to the landing page. */
export function useSignOut() {
  const navigate = useNavigate();
  const location = useLocation();
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
    // Marking this page tells RequireAuth to send it to the landing page rather than to /signin.
    clearSession(location.key);
    await navigate(paths.landing);
    queryClient.clear();
    setPending(false);
  }

  return { signOut, pending };
}
