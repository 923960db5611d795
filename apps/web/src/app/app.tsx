// Only the @mantine/core stylesheets the app uses (scripts/mantine-styles.mjs), not all of styles.css.
import './mantine-styles.css';
// The theme's variables, written from theme.ts (theme-variables-css.ts), not worked out at run time.
import './theme-variables.css';
import '@mantine/notifications/styles.css';
import './global.css';
// The app's CSS modules after Mantine's, in the same stylesheet (first-screen-styles.ts).
import './first-screen-styles';
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useSyncExternalStore } from 'react';
import { haveToastsBeenRaised, subscribeToastsRaised } from '../lib/notify';
import { SiteOriginContext } from '../lib/site-origin';
import { RenderTimeContext } from '../lib/use-now';
import { theme } from './theme';

/*
 * The toast container and its transitions load with the first toast (lib/notify): the toast waits
 * in the notifications store and shows once the container mounts.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

const noToastsOnTheServer = () => false;

/**
 * Toasts exist only in the browser, once one is raised: the server draws none. They show under the
 * sticky bar (global.css), so its menu, bell and profile stay in reach while one shows, and under an
 * opened menu or dialog (z-index 200), above the page and the phone's tab bar (150).
 */
function BrowserNotifications() {
  if (!useSyncExternalStore(subscribeToastsRaised, haveToastsBeenRaised, noToastsOnTheServer)) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={4} zIndex={190} />
    </Suspense>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** When the server drew the page, in ms: countdowns hydrate with the time the server used. */
  renderedAt: number | null;
  /** The site's address for absolute links (lib/site-origin). */
  origin: string;
  children: ReactNode;
}

/**
 * The app shows Mantine's light scheme only (its dark rules are left out of the CSS, decision 044):
 * nothing to read from storage or keep there. Mantine's default manager read localStorage while
 * the page hydrated (a 30 ms piece of the provider with the CPU slowed 4×), and a "dark" kept there
 * by another app on this origin would have switched to colours the CSS no longer has.
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Theme, toasts, queries and the render time around the router, the same on the server and in the browser. */
export function AppProviders({ queryClient, renderedAt, origin, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} colorSchemeManager={lightOnly} forceColorScheme="light">
      <BrowserNotifications />
      <QueryClientProvider client={queryClient}>
        <SiteOriginContext value={origin}>
          <RenderTimeContext value={renderedAt}>{children}</RenderTimeContext>
        </SiteOriginContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
