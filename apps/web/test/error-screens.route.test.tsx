import { waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { changeRoute, renderRoute, useRouteTestServer } from './support/route-test';

/*
 * Issue 30: a route that fails shows an error screen in the reader's language and the app's look,
 * inside the top bar and footer, with a way on (Try again, Home); a screen whose code cannot be
 * fetched while offline says the connection is the problem. (The server render's error screen:
 * error-screens-server.route.test.tsx.)
 */
const server = useRouteTestServer();

/** The statistics screen's code cannot be fetched: its import fails as Chromium's does. */
vi.mock('../src/features/statistics/components/statistics-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/statistics-page-x1.js');
});

function goOffline() {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

test('a screen whose code cannot be fetched offline says the connection is the problem, in Hindi, and Home leads on', async () => {
  goOffline();
  const { screen, user, main } = await renderRoute('/stats', { language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'इंटरनेट कनेक्शन नहीं है' }, { timeout: 10_000 })).toBeTruthy();
  expect(main().getByText('इंटरनेट कनेक्शन न होने से यह स्क्रीन खुल नहीं सकी। अपना कनेक्शन देखें और फिर से कोशिश करें।')).toBeTruthy();
  expect(main().getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  // The rest of the app is still there.
  expect(within(screen.getByRole('banner')).getAllByRole('link').length).toBeGreaterThan(0);

  await user.click(main().getByRole('link', { name: 'होम पेज पर जाएँ' }));
  expect(await main().findByRole('heading', { level: 1, name: /खाना बचाएँ/ }, { timeout: 10_000 })).toBeTruthy();
});

test('a screen that fails while drawing shows the error screen inside the app, with Try again and Home', async () => {
  const donor = await server.signUp('DONOR');
  function Broken(): never {
    throw new Error('a part of this screen is broken');
  }
  const { screen, user, main } = await renderRoute('/dashboard', {
    as: donor,
    routes: (routes) => changeRoute(routes, '/dashboard', (route) => ({ ...route, lazy: undefined, Component: Broken })),
  });
  expect(await main().findByRole('heading', { level: 1, name: 'Something went wrong' }, { timeout: 10_000 })).toBeTruthy();
  expect(main().getByText('This screen could not be shown. Try again, or go to the home page.')).toBeTruthy();
  expect(main().getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(within(screen.getByRole('banner')).getAllByRole('link').length).toBeGreaterThan(0);
  await user.click(main().getByRole('link', { name: 'Go to the home page' }));
  await waitFor(() => expect(main().queryByText('Something went wrong')).toBeNull(), { timeout: 10_000 });
  expect(await main().findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeTruthy();
});

test('when the layout itself fails, the root error screen stands alone, in Hindi', async () => {
  function BrokenLayout(): never {
    throw new Error('the top bar is broken');
  }
  const { screen } = await renderRoute('/about', {
    language: 'hi',
    routes: (routes) => routes.map((route, index) => (index === 0 ? { ...route, element: <BrokenLayout /> } : route)),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'कुछ गड़बड़ हो गई' }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByRole('main')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeTruthy();
});

test('an address with no page shows the not-found page in the layout', async () => {
  const { screen, main } = await renderRoute('/no-such-page', { language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'पेज नहीं मिला' }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByRole('banner')).toBeTruthy();
});
