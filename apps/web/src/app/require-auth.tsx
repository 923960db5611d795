import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { signedOutOnThisPage } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { useSessionToken } from '../lib/use-session';
import { paths } from './paths';

/** Sends anonymous visitors to /signin, remembering the page they wanted. */
export function RequireAuth() {
  const token = useSessionToken();
  const location = useLocation();
  // The server cannot know the session (it lives in the tab's sessionStorage): it draws the shell
  // with a loader, and the browser decides once it has taken the page over.
  const hydrated = useHydrated();
  if (!hydrated) return <PageLoader />;
  if (!token) {
    // Someone who just pressed Logout on a protected page goes to the landing page, not to /signin.
    if (signedOutOnThisPage(location.key)) return <Navigate to={paths.landing} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.signIn} replace state={{ from }} />;
  }
  return <Outlet />;
}
