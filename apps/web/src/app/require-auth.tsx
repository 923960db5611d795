import { Navigate, Outlet, useLocation } from 'react-router';
import { signedOutOnThisPage } from '../lib/session';
import { useSessionToken } from '../lib/use-session';
import { paths } from './paths';

/** Sends anonymous visitors to /signin, remembering the page they wanted. */
export function RequireAuth() {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) {
    // Someone who just pressed Logout on a protected page goes to the landing page, not to /signin.
    if (signedOutOnThisPage(location.key)) return <Navigate to={paths.landing} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.signIn} replace state={{ from }} />;
  }
  return <Outlet />;
}
