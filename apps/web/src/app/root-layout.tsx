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

/** Top bar, page and footer around every screen. */
export function RootLayout() {
  useRouteTitle();
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
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
