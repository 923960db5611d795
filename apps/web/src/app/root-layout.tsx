import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';

/** Top bar, page and footer around every screen. */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <main id="main">
        <Outlet />
      </main>
    </Suspense>
  );
}
