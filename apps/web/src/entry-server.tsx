import { type QueryClient, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { type StaticHandlerContext, StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { Donation } from '@annadaan/contract/donations';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@annadaan/contract/language';
import { AppProviders } from './app/app';
import { createQueryClient } from './app/query-client';
import { waitForRouteData } from './app/route-data';
import { createRoutes } from './app/routes';
import type { RouteTitleHandle } from './app/route-title';
import { type ServerRenderData, scriptJson } from './app/server-render-data';
import { donationQueries } from './features/donations/api/donations-api';
import { publicFoodNeedQuery } from './features/food-needs/api/food-needs-api';
import type { PublicFoodNeed } from '@annadaan/contract/food-requests';
import { NAMESPACES, type ShownLanguage, browserLanguage, i18n, isShownLanguage, loadLanguage } from './i18n/i18n';
import { PSEUDO_LANGUAGE } from './i18n/pseudo-locale';
import { scriptFontHead } from './i18n/script-fonts';
import { manifestFor } from './i18n/web-manifest';
import { setApiFetch } from './lib/api-client';
import { formatters } from './lib/locale-format';
import { documentTitle } from './lib/page-title';

/*
 * The server render (issue 18, docs/decisions/039-server-rendering.md). The Fastify server loads
 * this module once, hands it a way to call its own API, and asks it for each page: the route
 * table's loaders read what the screen needs into a query client, React draws the screen to a
 * string, and the page goes out with that HTML, its head (title, description, canonical link,
 * Open Graph and Twitter tags) and the data the browser hydrates from. Nobody is signed in here:
 * the session lives in the tab, so private screens come as the shell with a loader.
 */

export type ApiFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface ServerRenderOptions {
  /** Answers the web app's API calls from the same server, as an anonymous visitor. */
  apiFetch: ApiFetch;
}

export interface PageRequest {
  /** The address as the visitor typed it, e.g. `https://annadaan.example/BrowseDonations?page=2`. */
  url: string;
  /** The `annadaan.language` cookie, if any. */
  languageCookie: string | undefined;
  acceptLanguage: string | undefined;
  /** Where the site lives for links in the head (PUBLIC_URL, else the request's own origin). */
  publicOrigin: string;
}

export type RenderedPage =
  { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; language: ShownLanguage; head: string; body: string; data: string };

/** Loads every catalog of every language once; renders then never wait for words. */
export async function prepareServerRender(options: ServerRenderOptions): Promise<void> {
  setApiFetch(options.apiFetch);
  waitForRouteData();
  const languages: ShownLanguage[] = [...LANGUAGES.map((language) => language.code), PSEUDO_LANGUAGE];
  await Promise.all(languages.map((language) => loadLanguage(language, NAMESPACES)));
}

/** The cookie's language, else the first of Accept-Language's the app speaks, else English. */
function pageLanguage(request: PageRequest): ShownLanguage {
  if (isShownLanguage(request.languageCookie)) return request.languageCookie;
  const preferred = (request.acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const quality = rest.map((value) => value.trim()).find((value) => value.startsWith('q='));
      return { tag: tag.trim(), q: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
  return preferred.length > 0 ? browserLanguage(preferred) : DEFAULT_LANGUAGE;
}

/**
 * Renders run one at a time between choosing the language and drawing: the translator has one current
 * language, and renderToString is synchronous, so each page is drawn whole in its own.
 */
let drawing: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = drawing.then(work, work);
  drawing = turn.catch(() => undefined);
  return turn;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function titleHandle(context: StaticHandlerContext): RouteTitleHandle['title'] | null {
  const handle = context.matches
    .map((match) => match.route.handle as unknown)
    .findLast((value): value is RouteTitleHandle => typeof value === 'object' && value !== null && typeof (value as RouteTitleHandle).title === 'string');
  return handle?.title ?? null;
}

interface Head {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  imageAlt: string | null;
  type: 'website' | 'article';
}

const OG_LOCALES: Record<string, string> = { en: 'en_IN', hi: 'hi_IN' };

function headTags(head: Head, language: ShownLanguage, indexable: boolean): string {
  const tags = [
    `<link rel="manifest" href="${manifestFor(language)}" />`,
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:site_name" content="Annadaan" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[language] ?? 'en_IN'}" />`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}" />`, `<meta name="twitter:image" content="${escapeHtml(head.image)}" />`);
    if (head.imageAlt)
      tags.push(
        `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}" />`,
        `<meta name="twitter:image:alt" content="${escapeHtml(head.imageAlt)}" />`,
      );
  }
  // Private screens, sign-in forms and missing pages stay out of search results.
  if (!indexable) tags.push('<meta name="robots" content="noindex" />');
  // Hindi: the Devanagari faces from the first paint (English needs no font).
  const fonts = scriptFontHead(language);
  if (fonts) tags.push(fonts);
  return tags.join('\n    ');
}

/** Screens that are the same for everyone, worth finding in a search, with a description of their own. */
const DESCRIBED = {
  saveFoodSaveLives: 'meta.saveFoodSaveLives',
  browseDonations: 'meta.browseDonations',
  statistics: 'meta.statistics',
  aboutUs: 'meta.aboutUs',
  sourcesAndFormulas: 'meta.sourcesAndFormulas',
  termsAndConditions: 'meta.termsAndConditions',
} as const satisfies Partial<Record<RouteTitleHandle['title'], string>>;

function isDescribed(title: string | null): title is keyof typeof DESCRIBED {
  return title !== null && Object.hasOwn(DESCRIBED, title);
}

function describe(
  context: StaticHandlerContext,
  queryClient: QueryClient,
  language: ShownLanguage,
  url: URL,
  origin: string,
): { head: Head; found: boolean; indexable: boolean } {
  const t = i18n.getFixedT(language, 'shell');
  const title = titleHandle(context);
  const canonical = `${origin}${url.pathname}`;
  const base: Head = {
    title: documentTitle(title ? t(`titles.${title}`) : undefined),
    description: t('meta.default'),
    canonical,
    image: `${origin}/logo.svg`,
    imageAlt: null,
    type: 'website',
  };
  if (title === 'pageNotFound') return { head: base, found: false, indexable: false };
  if (title === 'donation') {
    const id = context.matches.at(-1)?.params.donationId ?? '';
    const donation = queryClient.getQueryData<Donation>(donationQueries.detail(id).queryKey);
    if (!donation) return { head: base, found: false, indexable: false };
    const format = formatters(language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language);
    return {
      found: true,
      indexable: donation.status === 'AVAILABLE',
      head: {
        ...base,
        title: documentTitle(t('meta.donationShareTitle', { foodName: donation.foodName, area: donation.area })),
        description: t('meta.donation', {
          foodName: donation.foodName,
          quantity: donation.quantity,
          area: donation.area,
          expires: format.dateTime(donation.expiresAt),
        }),
        image: donation.imageUrl ? new URL(donation.imageUrl, origin).href : base.image,
        imageAlt: donation.imageUrl ? donation.foodName : null,
        type: 'article',
      },
    };
  }
  if (title === 'foodNeed') {
    const id = context.matches.at(-1)?.params.needId ?? '';
    const need = queryClient.getQueryData<PublicFoodNeed>(publicFoodNeedQuery(id).queryKey);
    if (!need) return { head: base, found: false, indexable: false };
    const format = formatters(language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language);
    const words = {
      food: need.foodType || i18n.getFixedT(language, 'foodNeeds')('card.precooked'),
      people: format.number(need.numberOfPeople),
      pin: need.pinCode,
      until: format.dateTime(need.requestExpiryTime),
    };
    return {
      found: true,
      // Shared person to person, never listed by search engines: a need is about someone going hungry.
      indexable: false,
      head: { ...base, title: documentTitle(t('meta.foodNeedShareTitle', words)), description: t('meta.foodNeed', words), type: 'article' },
    };
  }
  const described = isDescribed(title);
  return { head: { ...base, description: described ? t(DESCRIBED[title]) : base.description }, found: true, indexable: described };
}

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const url = new URL(request.url);
  const language = pageLanguage(request);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(url.href, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const renderedAt = Date.now();
  const namespaces = new Set<string>();
  const draw = (drawn: StaticHandlerContext) =>
    renderToString(
      <AppProviders queryClient={queryClient} renderedAt={renderedAt} origin={request.publicOrigin}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, drawn)} context={drawn} hydrate={false} />
      </AppProviders>,
    );
  const body = await inTurn(async () => {
    await i18n.changeLanguage(language);
    // Which catalogs this page reads (each useTranslation reports its namespaces here while drawing).
    i18n.usedNamespaces = (used) => {
      for (const namespace of used) namespaces.add(namespace);
    };
    try {
      return draw(context);
    } catch (error) {
      // React's error boundaries do not work in a server render: a part that throws outside a
      // Suspense boundary fails the whole page. The page is then the root's error screen with a
      // 500, and the browser, given the same error, hydrates the same screen (issue 30).
      console.error('server render failed; drew the error screen', error);
      const rootId = handler.dataRoutes[0]?.id ?? '0';
      Object.assign(context, { statusCode: 500, errors: { [rootId]: { message: 'The page could not be drawn.' } } });
      return draw(context);
    } finally {
      i18n.usedNamespaces = null;
    }
  });
  const { head, found, indexable } = describe(context, queryClient, language, url, request.publicOrigin);
  const data: ServerRenderData = {
    language,
    namespaces: [...namespaces],
    renderedAt,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  return {
    kind: 'page',
    status: found ? context.statusCode : 404,
    language,
    head: headTags(head, language, indexable),
    body,
    data: scriptJson(data),
  };
}
