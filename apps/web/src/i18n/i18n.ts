import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@annadaan/contract/language';
import enCommon from './locales/en/common.json';
import enShell from './locales/en/shell.json';
import { PSEUDO_LANGUAGE, pseudoCatalog } from './pseudo-locale';
import { loadScriptFont } from './script-fonts';
import { type Catalog, Translator } from './translator';
import { showManifestFor } from './web-manifest';

/*
 * The app's words (issue 17; docs/decisions/031-languages-and-formats.md). A catalog is a JSON
 * file per namespace under locales/<language>/; the languages themselves are listed once, in the
 * contract's LANGUAGES. English's `shell` and `common` are bundled into the first load (the
 * header, the footer and shared components need them on every screen). Every other catalog, in
 * every language, is its own chunk, fetched the first time a screen asks for its namespace
 * (`useTranslation('donations')` suspends until then, inside the route's Suspense), so a screen
 * ships only its own words and an English visit does not carry Hindi.
 *
 * Components the shell renders outside a route (top bar, menus, footer, live toasts) use only the
 * namespaces every shown language has (`firstNamespaces`), or load theirs first with
 * `i18n.loadNamespaces`. Error messages (`errors`) are among them in every language but English:
 * English's are the texts the server and the contract already give, so its catalog is fetched
 * only when a failure needs it (lib/error-message.ts, issue 18: 5.3-5.4 kB less on every first load).
 */

export const englishResources = { shell: enShell, common: enCommon } as const;
const BUNDLED_NAMESPACES = Object.keys(englishResources) as (keyof typeof englishResources)[];

/** The namespaces a language has in memory before it is shown: what the shell says outside a route. */
export function firstNamespaces(language: ShownLanguage): readonly string[] {
  return language === DEFAULT_LANGUAGE ? BUNDLED_NAMESPACES : [...BUNDLED_NAMESPACES, 'errors'];
}

/** Every catalog that is not bundled, each its own lazily loaded chunk, by path. */
const lazyCatalogs = import.meta.glob<{ default: Catalog }>(['./locales/*/*.json', '!./locales/en/{shell,common}.json']);
/** Every namespace any language has (the English files are the reference). */
export const NAMESPACES = [
  ...new Set(
    [...Object.keys(lazyCatalogs), ...BUNDLED_NAMESPACES.map((namespace) => `./locales/en/${namespace}.json`)]
      .filter((file) => file.startsWith('./locales/en/'))
      .map((file) => file.slice('./locales/en/'.length, -'.json'.length)),
  ),
];

/** A language the app can show: one of the contract's, or the pseudo-locale tests use (i18n/pseudo-locale). */
export type ShownLanguage = Language | typeof PSEUDO_LANGUAGE;

export function isShownLanguage(value: unknown): value is ShownLanguage {
  return value === PSEUDO_LANGUAGE || isLanguage(value);
}

/** Fetches a catalog chunk: a language or namespace without a file is an empty catalog (English fills in). */
async function loadCatalog(language: string, namespace: string): Promise<Catalog> {
  if (language === PSEUDO_LANGUAGE) {
    // Made from the English catalog, whether bundled or a chunk.
    const bundled = (englishResources as Record<string, Catalog>)[namespace];
    return pseudoCatalog(bundled ?? (await loadCatalog(DEFAULT_LANGUAGE, namespace)));
  }
  const load = lazyCatalogs[`./locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

/** The app's translator (i18n/translator.ts): English's bundled catalogs in memory, so the first render has its words. */
export const i18n = new Translator({
  language: DEFAULT_LANGUAGE,
  fallbackLanguage: DEFAULT_LANGUAGE,
  defaultNamespace: 'shell',
  resources: { [DEFAULT_LANGUAGE]: englishResources },
  load: loadCatalog,
});

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  loadScriptFont(language);
  showManifestFor(language);
});

const STORAGE_KEY = 'annadaan.language';
/** The same choice for the server, which draws public pages in it (issue 18); not a secret, not personal. */
export const LANGUAGE_COOKIE = 'annadaan.language';

function rememberForServer(language: ShownLanguage) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Fetches a language's first namespaces (`firstNamespaces`: the shell's words and, but in English,
 * its error messages) and every namespace the parts on screen read now, so switching never shows a
 * half-translated header or toast, and the screen is not hidden behind the page loader while its
 * words come. Later screens load their own namespaces when they ask for them.
 */
export async function loadLanguage(language: ShownLanguage, namespaces: readonly string[] = firstNamespaces(language)): Promise<void> {
  let wanted = [...new Set([...namespaces, ...i18n.namespacesInUse()])];
  // Parts that came on screen while these were fetched (a page still hydrating) need theirs too.
  while (wanted.length > 0) {
    await i18n.loadNamespaces(wanted, language);
    wanted = i18n.namespacesInUse().filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  }
}

/** The language the app shows now (English while the pseudo-locale is on: its numbers and dates are English's). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Whether the pseudo-locale is on: then the account's language does not steer the app. */
export function showingPseudoLocale(): boolean {
  return i18n.language === PSEUDO_LANGUAGE;
}

function storedLanguage(): ShownLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isShownLanguage(value) ? value : null;
  } catch {
    // Storage can be switched off (private modes, strict settings): the browser's language then applies.
    return null;
  }
}

/**
 * The first of the browser's languages the app speaks, by its primary subtag ("hi-IN" is Hindi),
 * else English.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** What this browser chose before, else what its languages say. */
export function initialLanguage(): ShownLanguage {
  return storedLanguage() ?? browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Loads the language and shows it, and remembers it in this browser. The page stays where it is. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  rememberForServer(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered in this browser; the account (when signed in) still keeps it.
  }
}

/**
 * A language the person chose on this device that their account has not been told yet (issue 29):
 * chosen signed out, or while saving failed. It wins over the account's stored language at the
 * next sign-in and is saved there; the account's language wins only where nothing was chosen.
 */
const UNSAVED_CHOICE_KEY = 'annadaan.language.unsaved';

/** The person's own choice on this device: shown, remembered, and marked to go to the account. */
export async function chooseLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  try {
    localStorage.setItem(UNSAVED_CHOICE_KEY, language);
  } catch {
    // Storage off: the choice still shows; signed in, the switch saves it to the account at once.
  }
}

/** This device's choice the account does not have yet, if any. */
export function unsavedLanguageChoice(): Language | null {
  try {
    const value = localStorage.getItem(UNSAVED_CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The account now keeps `language`: a choice of this device that says the same is no longer pending. */
export function languageChoiceSaved(language: Language): void {
  try {
    if (localStorage.getItem(UNSAVED_CHOICE_KEY) === language) localStorage.removeItem(UNSAVED_CHOICE_KEY);
  } catch {
    // Nothing was stored.
  }
}

let languageChosen: Promise<void> = Promise.resolve();

/**
 * Settles once the language this browser chose is shown. After a page drawn by the server in
 * another language (no cookie yet), the choice follows hydration; the account's language must wait
 * for it, or an account with no language would be given the server's.
 */
export function languageSettled(): Promise<void> {
  return languageChosen;
}

/**
 * Before the first render (or right after hydration): the remembered or browser language, with its
 * catalogs loaded; after hydration, also those of the page the server drew (`namespaces`), which
 * is still hydrating and holds none yet.
 */
export function startI18n(namespaces: readonly string[] = []): Promise<void> {
  const language = initialLanguage();
  const shown = showLanguage(language, namespaces).then(() => rememberForServer(language));
  languageChosen = shown.catch(() => undefined);
  return shown;
}

/** Shows a language without remembering it: the one the server drew a page in, before hydration. */
export async function showLanguage(language: ShownLanguage, namespaces: readonly string[] = []): Promise<void> {
  await loadLanguage(language, [...new Set([...firstNamespaces(language), ...namespaces])]);
  await i18n.changeLanguage(language);
}
