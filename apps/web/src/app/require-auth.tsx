import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionToken } from '../lib/use-session';
import { paths } from './paths';

/** Sends anonymous visitors to /signin, remembering the page they wanted. */
export function RequireAuth() {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.signIn} replace state={{ from }} />;
  }
  return <Outlet />;
}
