import { Box } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HydratedMark } from './hydrated-mark';
import { ConnectionStatus } from '../features/offline/components/connection-status';
import { useRouteTitle } from './route-title';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { useSessionToken } from '../lib/use-session';

/**
 * The document's title, in a part of its own: a screen naming itself (usePageTitle) then redraws
 * this alone, not the whole layout below it (a synchronous 100 ms render at 4× on a donation's page).
 */
function RouteTitle() {
  useRouteTitle();
  return null;
}

/**
 * A signed-in phone's tab bar: its own chunk, so a visitor's first load (every public page) does
 * not carry it; a signed-in person's pages are drawn in the browser after the session is read.
 */
const BottomTabs = lazy(() => import('./bottom-tabs'));

/** Top bar, page and footer around every screen. */
export function RootLayout() {
  const { t } = useTranslation();
  // A signed-in phone gets the tab bar, and the page leaves room for it (global.css).
  const signedIn = useSessionToken() !== null;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} className={signedIn ? 'app-with-tabs' : undefined}>
      <RouteTitle />
      <a href="#main" className="skip-link">
        {t('skipToMain')}
      </a>
      <TopBar />
      <ConnectionStatus />
      {/* tabIndex lets the skip link move keyboard focus here, not just scroll. */}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </Box>
      <SiteFooter />
      {signedIn ? (
        <Suspense fallback={null}>
          <BottomTabs />
        </Suspense>
      ) : null}
    </Box>
  );
}
