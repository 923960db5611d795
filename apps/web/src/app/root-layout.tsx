import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HydratedMark } from './hydrated-mark';
import { ConnectionStatus } from '../features/offline/components/connection-status';
import { useRouteTitle } from './route-title';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/**
 * The document's title, in a part of its own: a screen naming itself (usePageTitle) then redraws
 * this alone, not the whole layout below it (a synchronous 100 ms render at 4× on a donation's page).
 */
function RouteTitle() {
  useRouteTitle();
  return null;
}

/** Top bar, page and footer around every screen. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
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
    </Box>
  );
}
