/*
 * The app's translator in React (docs/decisions/045-less-work-on-the-first-screen.md): `useTranslation` gives a
 * screen its t() and redraws it when the language changes or its catalog arrives; `Trans` puts
 * elements (links, emphasis) inside a translated sentence. Types are i18next's, so a key that is
 * not in the English catalogs fails typecheck as before.
 */
import type { FlatNamespace, Namespace, ParseKeys, TFunction, TypeOptions } from 'i18next';
import { Fragment, type ReactElement, type ReactNode, cloneElement, isValidElement, use, useEffect, useMemo, useReducer, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import { type Translator, interpolate } from './translator';

type DefaultNamespace = TypeOptions['defaultNS'];
type FallbackNamespace<Ns> = Ns extends undefined ? DefaultNamespace : Ns extends Namespace ? Ns : DefaultNamespace;

/** A screen's wait for its catalogs, kept per language and namespaces so every render waits on the same promise. */
interface Wait {
  promise: Promise<void>;
  failed: boolean;
}
const waits = new Map<string, Wait>();

/** A promise React reads as already settled (its `status`), so use() on it never suspends. */
const SETTLED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
i18n.on('languageChanged', () => waits.clear());

/**
 * The promise to suspend on while a catalog loads, or null when there is nothing to wait for. A
 * catalog that could not be fetched (offline before it was ever kept) is not waited for again:
 * the screen draws with what is in memory (English, else the keys) instead of waiting forever.
 */
function waitFor(namespaces: readonly string[]): Promise<void> | null {
  const language = i18n.language;
  if (namespaces.every((namespace) => i18n.hasResourceBundle(language, namespace))) return null;
  const id = `${language}|${namespaces.join(',')}`;
  let wait = waits.get(id);
  if (!wait) {
    const created: Wait = { failed: false, promise: Promise.resolve() };
    created.promise = i18n.loadNamespaces(namespaces, language).catch((error: unknown) => {
      created.failed = true;
      console.warn(`Could not load the ${language} words for ${namespaces.join(', ')}`, error);
    });
    waits.set(id, created);
    wait = created;
  }
  return wait.failed ? null : wait.promise;
}

/**
 * The translator for one or more namespaces (the first is the default; `other:key` reads
 * another). By default the screen suspends until its catalogs are in memory; with
 * `useSuspense: false` it draws at once and again when they arrive (`ready` says which).
 */
export function useTranslation<const Ns extends FlatNamespace | readonly [FlatNamespace, ...FlatNamespace[]] | undefined = undefined>(
  namespaces?: Ns,
  options: { useSuspense?: boolean } = {},
): { t: TFunction<FallbackNamespace<Ns>>; i18n: Translator; ready: boolean } {
  const list: readonly string[] = namespaces === undefined ? ['shell'] : typeof namespaces === 'string' ? [namespaces] : namespaces;
  const id = list.join(',');
  const language = useSyncExternalStore(i18n.subscribe, i18n.getLanguage, i18n.getLanguage);
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  // While the server draws a page: which catalogs it needs, sent with it for hydration.
  i18n.usedNamespaces?.(list);
  const suspend = options.useSuspense !== false;
  const waiting = waitFor(list);
  // use() on every render, with a settled promise when nothing is loading: React replays a
  // component that suspended, and a replay that did not call use() again ran its later hooks
  // under the wrong dispatcher ("Update hook called on initial render", React error 467, seen
  // on public pages as error 520 when catalogs were slow to come).
  if (suspend) use(waiting ?? SETTLED);
  // Held while on screen, so switching language fetches these words before it shows the new one
  // (the screen would otherwise hide behind the page loader while they came).
  useEffect(() => i18n.hold(id.split(',')), [id]);
  useEffect(() => {
    if (suspend) return;
    let current = true;
    void waitFor(id.split(','))?.then(() => {
      if (current) arrived();
    });
    return () => {
      current = false;
    };
  }, [suspend, id, language]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `id` stands for the list, which is a new array on every render
  const t = useMemo(() => i18n.getFixedT(language, list), [language, id]);
  return { t: t as unknown as TFunction<FallbackNamespace<Ns>>, i18n, ready: waiting === null };
}

type Components = readonly ReactElement[] | Readonly<Record<string, ReactElement>>;

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

interface Tagged {
  name: string | null;
  children: (string | Tagged)[];
}

/** Splits a catalog text into its text and its `<name>…</name>` / `<name/>` parts. A stray closing tag stays as text. */
export function parseTags(text: string): Tagged {
  const root: Tagged = { name: null, children: [] };
  const open: Tagged[] = [root];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name = '', selfClosing] = match;
    const current = open[open.length - 1] as Tagged;
    if (match.index > last) current.children.push(text.slice(last, match.index));
    last = match.index + whole.length;
    if (closing) {
      if (current.name === name) open.pop();
      else current.children.push(whole);
    } else {
      const element: Tagged = { name, children: [] };
      current.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  if (last < text.length) (open[open.length - 1] as Tagged).children.push(text.slice(last));
  return root;
}

function draw(part: Tagged, values: Record<string, unknown>, components: Components): ReactNode[] {
  return part.children.map((child, index) => {
    // Variables are filled in after the tags are read, so a value (a name, an address) is always text, never markup.
    if (typeof child === 'string') return interpolate(child, values);
    const inner = draw(child, values, components);
    const component = (components as Record<string, ReactElement | undefined>)[child.name ?? ''];
    if (!isValidElement(component)) return <Fragment key={index}>{inner}</Fragment>;
    return inner.length > 0 ? cloneElement(component, { key: index }, ...inner) : cloneElement(component, { key: index });
  });
}

/**
 * A translated sentence with elements inside: `"Near <place>{{area}}</place>"` with
 * `components={{ place: <span translate="no" /> }}` draws the area inside that span. Tags name
 * the components (or their index, for a list).
 */
export function Trans<Key extends ParseKeys<Ns>, Ns extends Namespace = DefaultNamespace>({
  t,
  i18nKey,
  count,
  values = {},
  components = {},
}: {
  t: TFunction<Ns>;
  i18nKey: Key;
  /** Chooses the plural form, and fills in {{count}}. */
  count?: number;
  values?: Record<string, unknown>;
  components?: Components;
}): ReactElement {
  const filled = count === undefined ? values : { count, ...values };
  const template = (t as unknown as (key: string, options: object) => string)(i18nKey as string, { ...filled, skipInterpolation: true });
  return <>{draw(parseTags(template), filled, components)}</>;
}
