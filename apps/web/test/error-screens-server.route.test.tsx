// @vitest-environment node
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type TestContext, createTestApp } from '../../server/test/test-app';
import { prepareServerRender, renderPage } from '../src/entry-server';
import { injectFetch } from './support/inject-fetch';

/*
 * Issue 30: the server render draws the same error screens as the browser, with the right status:
 * 404 for an address with no page, 500 when a part of the page throws while it is drawn (React's
 * error boundaries do not work on the server). The browser hydrates the same screen.
 */

/** The top bar throws while drawn when `broken.topBar` is set. */
const broken = vi.hoisted(() => ({ topBar: false }));
vi.mock('../src/app/top-bar', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/app/top-bar')>();
  return {
    ...real,
    TopBar: () => {
      if (broken.topBar) throw new Error('the top bar is broken');
      return <real.TopBar />;
    },
  };
});

let ctx: TestContext;
let stop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestApp('sqlite');
  ctx = created.context;
  stop = created.cleanup;
  await prepareServerRender({ apiFetch: injectFetch(() => ctx) });
});
afterAll(async () => {
  await stop();
});

const page = (path: string, languageCookie?: string) =>
  renderPage({ url: `http://localhost:3000${path}`, languageCookie, acceptLanguage: undefined, publicOrigin: 'http://localhost:3000' });

test('an address with no page is drawn as the not-found page with a 404, in Hindi', async () => {
  const drawn = await page('/no-such-page', 'hi');
  expect(drawn.kind).toBe('page');
  if (drawn.kind !== 'page') return;
  expect(drawn.status).toBe(404);
  expect(drawn.body).toContain('पेज नहीं मिला');
  expect(drawn.body).toContain('होम पेज पर जाएँ');
});

test('a part that throws while the server draws the page gives the error screen with a 500, and the browser is told to show it too', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  broken.topBar = true;
  try {
    const drawn = await page('/about', 'hi');
    expect(drawn.kind).toBe('page');
    if (drawn.kind !== 'page') return;
    expect(drawn.status).toBe(500);
    expect(drawn.body).toContain('कुछ गड़बड़ हो गई');
    expect(drawn.body).toContain('फिर से कोशिश करें');
    expect(drawn.body).toContain('<main');
    // The router state the browser hydrates from carries the error, so it draws the same screen.
    const data = JSON.parse(drawn.data) as { router: { errors: Record<string, unknown> | null } };
    expect(Object.keys(data.router.errors ?? {})).toEqual(['0']);
    expect(errors).toHaveBeenCalledWith('server render failed; drew the error screen', expect.any(Error));
  } finally {
    broken.topBar = false;
    errors.mockRestore();
  }
  // The next page is drawn as usual.
  const next = await page('/about', 'hi');
  expect(next.kind === 'page' && next.status).toBe(200);
});
