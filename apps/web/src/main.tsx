import { HydrationBoundary } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type RouteObject, createBrowserRouter, matchRoutes } from 'react-router';
// The DOM build of RouterProvider, so navigate(..., { flushSync: true }) is honoured.
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app';
import { paths } from './app/paths';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { readServerRenderData } from './app/server-render-data';
import { initialLanguage, showLanguage, startI18n } from './i18n/i18n';
import { setUnauthorizedHandler } from './lib/api-client';
import { startServiceWorker } from './lib/service-worker';
import { markHydrated } from './lib/use-hydrated';

// The Content-Security-Policy forbids eval (script-src 'self'). zod 4 probes for it once with a
// caught `new Function`, which the browser still reports as a policy violation (Lighthouse's best
// practices count it); jitless skips the probe. zod reads this when it first loads, which is
// later, with the screens that use it: it is not part of this entry.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** Loads the code of the screens this address shows, so hydration draws them at once, as the server did. */
async function loadMatchedScreens(routes: RouteObject[]) {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy;
      if (typeof load !== 'function') return;
      const screen = await load();
      Object.assign(route, { ...screen, lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  const drawn = readServerRenderData();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  if (drawn) {
    // The server's language first, so the first render matches its HTML; a different choice
    // kept in this browser follows right after.
    // Every catalog the server's words came from, so no part of the page suspends while hydrating.
    await Promise.all([showLanguage(drawn.language, drawn.namespaces).catch(() => undefined), loadMatchedScreens(routes)]);
  } else {
    // English needs nothing fetched; another remembered language loads its catalogs before the
    // first paint. Should that fail (offline), the app still starts, in English.
    await startI18n().catch((error: unknown) => console.warn('Could not load the chosen language', error));
  }
  const router = createBrowserRouter(routes, drawn ? { hydrationData: drawn.router } : {});
  setUnauthorizedHandler(() => {
    queryClient.clear();
    void router.navigate(paths.signIn, { replace: true });
  });
  const app = (
    <AppProviders queryClient={queryClient} renderedAt={drawn?.renderedAt ?? null} origin={window.location.origin}>
      <HydrationBoundary state={drawn?.queries}>
        {/* React Router 8 sends router state through startTransition and useOptimistic by default, so a
            second setSearchParams soon after a first one could build on the page before it (browse
            filters lost the typed words); plain state updates keep the behaviour of React Router 7. */}
        <RouterProvider router={router} useTransitions={false} />
      </HydrationBoundary>
    </AppProviders>
  );
  if (drawn) {
    // Hydration as a transition: React then works in slices of a few milliseconds and yields to
    // the browser between them, instead of one long task that a tap on a slow phone would wait
    // behind (Lighthouse's total blocking time was 0.8-1.5 s on the mobile profile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    const chosen = initialLanguage();
    if (chosen !== drawn.language) await startI18n(drawn.namespaces).catch((error: unknown) => console.warn('Could not load the chosen language', error));
  } else {
    markHydrated();
    createRoot(container).render(app);
  }
  // Wake-up ping: the server may be slow to start. A failure only matters to developers.
  fetch('/welcome').catch((error: unknown) => console.warn('Wake-up ping failed', error));
}

void start(root);
// Installable and offline (issue 18): the service worker registers once the page has loaded.
startServiceWorker();
