import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BROWSE_PAGE_SIZE_MAX } from '@annadaan/contract/donations';
import { paths } from '@annadaan/contract/paths';
import type { Config } from '../config';

/*
 * The built web app (issue 18, docs/decisions/039-server-rendering.md): hashed files from
 * apps/web/dist, and every page address drawn on the server by the web app's own render module
 * (apps/web/dist-server/entry-server.js, built from apps/web/src/entry-server.tsx), so the first
 * screen arrives as HTML with its content, head and the data the browser hydrates from. Without
 * that module (or should a render fail) the page is the plain shell, drawn in the browser.
 */

/** The part of apps/web/src/entry-server.tsx the server calls; the server never imports web code. */
interface ServerRenderModule {
  prepareServerRender(options: { apiFetch: (input: string, init: RequestInit) => Promise<Response> }): Promise<void>;
  renderPage(request: {
    url: string;
    languageCookie: string | undefined;
    acceptLanguage: string | undefined;
    publicOrigin: string;
  }): Promise<
    { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; language: string; head: string; body: string; data: string }
  >;
}

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface WebApp {
  distDir: string;
  /** PUBLIC_URL without its trailing slash, or null to use each request's own origin. */
  publicOrigin: string | null;
  /** Answers a page address (a GET that no route and no file answered). */
  renderPage: PageRenderer;
}

const HEAD = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const BODY = /<!--app-body-->[\s\S]*?<!--\/app-body-->/;
const LANGUAGE_COOKIE = 'annadaan.language';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings an Accept-Encoding header allows (`br;q=0` refuses brotli). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name && (quality === undefined || Number(quality) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends a page's HTML compressed when the browser accepts it. Pages are answered from the
 * not-found handler, which @fastify/compress (it hooks each declared route) never sees; a drawn
 * page is 50-60 kB of HTML, about a fifth of that compressed, which a phone on slow 4G receives
 * some 250 ms sooner. Brotli at quality 5 costs about a millisecond for such a page.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding').type('text/html; charset=utf-8');
  if (accepted.has('br')) {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Where the site lives for absolute links: PUBLIC_URL, else the address this request came to. */
function siteOrigin(publicOrigin: string | null, request: FastifyRequest): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** The pages anyone can read, the same for everyone (the server render describes and indexes them). */
const PUBLIC_PAGES = [paths.landing, paths.browse, paths.stats, paths.about, paths.source, paths.terms];
/** Donations listed in the sitemap: the newest on offer, a bounded number of pages of the public list. */
const SITEMAP_DONATION_PAGES = 10;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The web app's API calls during a render, answered in-process by this server as an anonymous visitor. */
function injectFetch(app: FastifyInstance) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    // inject's payload is a plain Buffer (never on shared memory): the cast lets the DOM's Response type accept it where the route tests compile this file.
    return new Response(empty ? null : (answer.rawPayload as Uint8Array<ArrayBuffer>), { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * Reads the built web app. Its server render module (React, Mantine, the router, every language's
 * catalogs: about 1,000 modules and 95 MiB of memory) is imported on the first page request, not at
 * start, so the API answers sooner after a start and a process that serves only the API never
 * holds it (docs/decisions/047-bench-regressions.md).
 */
export async function loadWebApp(app: FastifyInstance, distDir: string, config: Config): Promise<WebApp> {
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const publicOrigin = config.publicUrl?.replace(/\/+$/, '') ?? null;
  const entry = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  const hasRender = fs.existsSync(entry);
  if (!hasRender) app.log.warn('The web app has no server render module (apps/web/dist-server); pages are drawn in the browser.');
  // One import for all the requests that arrive while it loads; a failure is final (the pages are
  // then drawn in the browser), as a missing module is.
  let loading: Promise<ServerRenderModule | null> | null = null;
  const renderModule = () =>
    (loading ??= (async () => {
      try {
        const module = (await import(pathToFileURL(entry).href)) as ServerRenderModule;
        await module.prepareServerRender({ apiFetch: injectFetch(app) });
        return module;
      } catch (error) {
        app.log.error({ err: error }, 'the server render module failed to load; pages are drawn in the browser');
        return null;
      }
    })());

  const sendShell = (request: FastifyRequest, reply: FastifyReply) => sendHtml(request, reply.header('cache-control', 'no-cache'), shell);

  const renderPage: PageRenderer = async (request, reply) => {
    const render = hasRender ? await renderModule() : null;
    if (!render) return sendShell(request, reply);
    const origin = siteOrigin(publicOrigin, request);
    let page: Awaited<ReturnType<ServerRenderModule['renderPage']>>;
    try {
      page = await render.renderPage({
        url: `${origin}${request.url}`,
        languageCookie: cookie(request.headers.cookie, LANGUAGE_COOKIE),
        acceptLanguage: request.headers['accept-language'],
        publicOrigin: origin,
      });
    } catch (error) {
      // The page still works, drawn in the browser; the failure is for the developers.
      request.log.error({ err: error }, 'server render failed; sent the shell');
      return sendShell(request, reply);
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    const html = shell
      .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
      .replace(HEAD, () => page.head)
      .replace(BODY, () => page.body)
      .replace('</body>', () => `<script type="application/json" id="annadaan-server-render">${page.data}</script>\n  </body>`);
    reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      // The language comes from the cookie or Accept-Language: a shared cache must keep them apart.
      .header('vary', 'Cookie, Accept-Language');
    return sendHtml(request, reply, html);
  };

  return { distDir, publicOrigin, renderPage };
}

/** Serves the built files; hashed bundles are cached for good, the rest revalidated. */
export async function registerWebAppFiles(app: FastifyInstance, webApp: WebApp) {
  // Crawlers: everything public may be read, the API is not a page; the sitemap names the pages.
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(webApp.publicOrigin, request);
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  // The public pages and the donations on offer now, read through the public list as anyone would.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = siteOrigin(webApp.publicOrigin, request);
    const urls = PUBLIC_PAGES.map((page) => `${origin}${page}`);
    for (let page = 1; page <= SITEMAP_DONATION_PAGES; page += 1) {
      const answer = await app.inject({ method: 'GET', url: `/api/browse/donations?sort=NEWEST&pageSize=${BROWSE_PAGE_SIZE_MAX}&page=${page}` });
      if (answer.statusCode !== 200) break;
      const donations = answer.json<{ id: number }[]>();
      for (const donation of donations) urls.push(`${origin}${paths.requestDonation(donation.id)}`);
      if (donations.length < BROWSE_PAGE_SIZE_MAX) break;
    }
    const body = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n');
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });

  await app.register(fastifyStatic, {
    root: webApp.distDir,
    prefix: '/',
    wildcard: false,
    // "/" is a page like any other: drawn by the server render, not the plain index.html.
    index: false,
    // The web build writes .br and .gz beside each text file; they are sent when accepted.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
