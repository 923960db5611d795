/*
 * Route tests (issue 30): whole screens drawn by the real route table, query client, translator
 * and theme in happy-dom, every API call answered in process by the real server (`app.inject`) on
 * a fresh SQLite database, one per test file. Faster than a browser by far; Playwright keeps what
 * only a browser shows (journeys at phone and laptop size, server render and hydration, the
 * service worker, push, maps, layout, axe).
 *
 * How to write one: a file `apps/web/test/<name>.route.test.tsx` (run it with
 * `npx vitest run --project routes apps/web/test/<name>.route.test.tsx`):
 *
 *   const server = useRouteTestServer();
 *   test('My Orders is empty at first', async () => {
 *     const receiver = await server.signUp('RECEIVER');
 *     const { screen } = await renderRoute('/my-order', { as: receiver, language: 'hi' });
 *     expect(await screen.findByRole('heading', { level: 1, name: 'मेरे ऑर्डर' })).toBeTruthy();
 *   });
 *
 * Create what a test reads through `server.api` (the HTTP API, as the app would); query the screen
 * by role and label, act with `user` (Testing Library's user-event), and wait with `findBy…`/
 * `waitFor`, never a sleep.
 */
import './browser-gaps';
import { createTestApp, type TestContext } from '../../../server/test/test-app';
import { freshAddress, newPerson } from '../../../server/test/accounts';
import { createTestUser } from '../../../server/test/test-users';
import { injectFetch } from './inject-fetch';
import type { RegisterInput } from '@annadaan/contract/auth';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { type RouteObject, createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { AppProviders } from '../../src/app/app';
import { createQueryClient } from '../../src/app/query-client';
import { createRoutes } from '../../src/app/routes';
import { type ShownLanguage, i18n, showLanguage } from '../../src/i18n/i18n';
import { setApiFetch, setUnauthorizedHandler } from '../../src/lib/api-client';
import { clearSession, saveSession } from '../../src/lib/session';

type Role = 'DONOR' | 'RECEIVER' | 'ADMIN';

/** Someone signed up for a test, with the token the app keeps for them. */
export interface TestPerson {
  fullName: string;
  email: string;
  contactNumber: string;
  password: string;
  role: Role;
  token: string;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The server's answer to a request made the way the app makes it (JSON in and out, a bearer token). */
async function callApi<T>(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { as?: TestPerson; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await ctx.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    headers: options.as ? { authorization: `Bearer ${options.as.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T };
}

export interface RouteTestServer {
  /** The running server: its app, database and clock (apps/server/test/test-app.ts). */
  ctx(): TestContext;
  /** A new account of this role, made through the API (an admin, whom sign-up cannot make, straight in the database). */
  signUp(role: Role, overrides?: Partial<RegisterInput>): Promise<TestPerson>;
  /** Calls the API, as someone or as a visitor. */
  api<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options?: { as?: TestPerson; body?: unknown }): Promise<ApiAnswer<T>>;
  /**
   * The app's calls to `path` answered by `answer` instead of the server, as Playwright's
   * `page.route` does (a rejected promise is a dropped connection), `times` times or until the test
   * ends or the returned function is called; every other call still reaches the server.
   */
  intercept(path: string, answer: () => Promise<Response>, options?: { times?: number }): () => void;
}

/** Starts a server on a fresh database for this test file, and sends the app's calls to it. */
export function useRouteTestServer(env: Record<string, string> = {}): RouteTestServer {
  let context: TestContext | undefined;
  let stop: (() => Promise<void>) | undefined;
  let fetchFromServer: ReturnType<typeof injectFetch> | undefined;
  const ctx = () => {
    if (!context) throw new Error('The route-test server is not ready.');
    return context;
  };
  beforeAll(async () => {
    const created = await createTestApp('sqlite', env);
    context = created.context;
    stop = created.cleanup;
    // The server's clock at the real time: the screens count down to expiry with the browser's clock.
    context.clock.set(new Date());
    fetchFromServer = injectFetch(ctx);
    setApiFetch(fetchFromServer);
    // The few calls that use fetch itself (the live events stream).
    globalThis.fetch = fetchFromServer as typeof fetch;
  });
  afterAll(async () => {
    await stop?.();
  });
  afterEach(async () => {
    if (fetchFromServer) setApiFetch(fetchFromServer);
    // Mantine keeps its toasts in a store of its own, which outlives the screen: one test's toast
    // would show again on the next test's screen.
    notifications.clean();
    cleanup();
    clearSession();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  return {
    ctx,
    async signUp(role, overrides = {}) {
      if (role === 'ADMIN') {
        const fullName = overrides.fullName ?? 'Admin Asha';
        const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName });
        return { fullName, email: '', contactNumber: admin.contactNumber, password: '', role, token: admin.token };
      }
      const person = newPerson({ role, ...overrides });
      const answer = await callApi<{ accessToken: string }>(ctx(), 'POST', '/api/auth/register', { body: person });
      if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return {
        fullName: person.fullName,
        email: person.email,
        contactNumber: person.contactNumber,
        password: person.password,
        role,
        token: answer.body.accessToken,
      };
    },
    api: (method, url, options) => callApi(ctx(), method, url, options),
    intercept(path, answer, { times = Infinity } = {}) {
      const server = fetchFromServer;
      if (!server) throw new Error('The route-test server is not ready.');
      let left = times;
      setApiFetch((input, init) => {
        if (left > 0 && new URL(input, 'http://localhost').pathname === path) {
          left -= 1;
          return answer();
        }
        return server(input, init);
      });
      return () => setApiFetch(server);
    },
  };
}

export interface RenderRouteOptions {
  /** Signed in as this person; a visitor when left out. */
  as?: TestPerson;
  /** The language this browser chose before (English when left out). */
  language?: ShownLanguage;
  /** Changes the route table before drawing (to make a screen fail, say; see `changeRoute`). */
  routes?: (routes: RouteObject[]) => RouteObject[];
}

/** The route table with the route at `path` (a path as the table writes it) changed by `change`. */
export function changeRoute(routes: RouteObject[], path: string, change: (route: RouteObject) => RouteObject): RouteObject[] {
  return routes.map((route) => {
    const changed = route.path === path ? change(route) : route;
    return changed.children ? ({ ...changed, children: changeRoute(changed.children, path, change) } as RouteObject) : changed;
  });
}

/** Draws the app at `path` as the browser would (the same route table and providers as main.tsx). */
export async function renderRoute(path: string, { as, language = 'en', routes = (table) => table }: RenderRouteOptions = {}) {
  if (as) saveSession({ token: as.token, role: as.role });
  if (language !== 'en') {
    localStorage.setItem('annadaan.language', language);
    await showLanguage(language);
  }
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes(createRoutes(queryClient)), { initialEntries: [path] });
  setUnauthorizedHandler(() => {
    queryClient.clear();
    void router.navigate('/signin', { replace: true });
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} renderedAt={null} origin="http://localhost:3000">
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>,
  );
  // The first screen's code and data, as the browser waits for them before drawing it.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  // React draws it: the page's main part (the root's error screen has one too) replaces the page loader.
  await screen.findByRole('main', undefined, { timeout: 10_000 });
  return { router, user, screen, main: () => within(screen.getByRole('main')) };
}

/** A field's label as Testing Library reads it: Mantine adds " *" to a required field's label (hidden from its accessible name). */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/** Matches a name or text that holds `text` anywhere, as Playwright's locators match when not told `exact`. */
export function part(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** The element's text as a reader sees it run together (its parts' text joined, spaces collapsed). */
export function shownText(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
