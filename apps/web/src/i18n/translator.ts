/*
 * The app's translator (docs/decisions/045-less-work-on-the-first-screen.md): looks a key up in the catalogs,
 * picks the plural form and fills in {{variables}}. It does what the app asked of i18next and no
 * more, in about a tenth of its weight on every first screen. The catalogs, their keys and their
 * format are i18next's, and the keys are still typed with i18next's types (i18n/i18next.d.ts).
 *
 * A key is `namespace:path.to.text` or `path.to.text` in the translator's namespaces, tried in
 * order. A text missing in the language comes from the fallback language; a text missing there
 * too shows its key (or `defaultValue`), so a gap is visible and never a crash.
 */

export type Catalog = Record<string, unknown>;

export interface TranslateOptions {
  /** Namespace(s) to look the key up in, when the key does not name one. */
  ns?: string | readonly string[];
  /** The language, when not the current one. */
  lng?: string;
  /** Chooses the plural form (`key_one`, `key_other`, …) and is a variable too. */
  count?: number;
  /** Shown when no catalog has the key. */
  defaultValue?: string;
  /** Lists and objects of texts are returned whole, each text translated. */
  returnObjects?: boolean;
  /** The text as the catalog has it, {{variables}} left in (Trans fills them in itself). */
  skipInterpolation?: boolean;
  [variable: string]: unknown;
}

export type Loader = (language: string, namespace: string) => Promise<Catalog>;

type Listener = () => void;

const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * The plural category of a number, by CLDR's rules for the app's languages (what
 * Intl.PluralRules answers, without building one: the first such object costs tens of
 * milliseconds on a slow phone). Other languages ask Intl.
 */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  const primary = language.split('-')[0];
  const n = Math.abs(count);
  // English: one is exactly 1 (1.0 as a JavaScript number is 1).
  if (primary === 'en') return n === 1 ? 'one' : 'other';
  // Hindi: one is an integer part of 0 (0 to 0.99…) or exactly 1.
  if (primary === 'hi') return n < 1 || n === 1 ? 'one' : 'other';
  return new Intl.PluralRules(language).select(count);
}

/** Replaces each {{variable}} the options name; one not named stays as written, one named but empty is dropped. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The value at a dotted path. A part of the path may itself hold dots (the source page's data
 * are keyed by whole sentences): each run of parts is tried as one key, shortest first.
 */
function lookUp(catalog: Catalog | undefined, path: string): unknown {
  const parts = path.split('.');
  const find = (node: unknown, start: number): unknown => {
    if (start === parts.length) return node;
    if (node === null || typeof node !== 'object') return undefined;
    for (let end = start + 1; end <= parts.length; end += 1) {
      const key = parts.slice(start, end).join('.');
      if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
      const found = find((node as Record<string, unknown>)[key], end);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return catalog ? find(catalog, 0) : undefined;
}

export class Translator {
  /** The language shown now. */
  language: string;
  readonly fallbackLanguage: string;
  private readonly defaultNamespace: string;
  private readonly load: Loader;
  private readonly catalogs = new Map<string, Catalog>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  private readonly languageListeners = new Set<(language: string) => void>();
  /** How many parts on screen read each namespace (i18n/react holds them while mounted). */
  private readonly held = new Map<string, number>();
  /** Set while the server draws a page: each namespace a screen reads is reported here. */
  usedNamespaces: ((namespaces: readonly string[]) => void) | null = null;

  constructor(options: {
    language: string;
    fallbackLanguage: string;
    defaultNamespace: string;
    resources?: Record<string, Record<string, Catalog>>;
    load: Loader;
  }) {
    this.language = options.language;
    this.fallbackLanguage = options.fallbackLanguage;
    this.defaultNamespace = options.defaultNamespace;
    this.load = options.load;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, catalog] of Object.entries(namespaces)) this.catalogs.set(`${language}/${namespace}`, catalog);
    }
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.catalogs.has(`${language}/${namespace}`);
  }

  getResourceBundle(language: string, namespace: string): Catalog | undefined {
    return this.catalogs.get(`${language}/${namespace}`);
  }

  getResource(language: string, namespace: string, path: string): unknown {
    return lookUp(this.getResourceBundle(language, namespace), path);
  }

  /** Adds (or replaces) a language's catalog for a namespace. Screens waiting for it are told by their promise (i18n/react). */
  addResourceBundle(language: string, namespace: string, catalog: Catalog): void {
    this.catalogs.set(`${language}/${namespace}`, catalog);
  }

  /** Fetches the namespaces the language lacks; a second call for the same ones waits for the first. */
  loadNamespaces(namespaces: string | readonly string[], language: string = this.language): Promise<void> {
    const wanted = (typeof namespaces === 'string' ? [namespaces] : namespaces).filter((namespace) => !this.hasResourceBundle(language, namespace));
    return Promise.all(
      wanted.map((namespace) => {
        const id = `${language}/${namespace}`;
        let loading = this.pending.get(id);
        if (!loading) {
          loading = this.load(language, namespace).then(
            (catalog) => {
              this.pending.delete(id);
              this.addResourceBundle(language, namespace, catalog);
            },
            (error: unknown) => {
              // Not kept, so a later visit (back online) can try again.
              this.pending.delete(id);
              throw error;
            },
          );
          this.pending.set(id, loading);
        }
        return loading;
      }),
    ).then(() => undefined);
  }

  /**
   * Marks the namespaces as read by a part on screen until the returned release is called, so a
   * language switch can fetch them before it shows the new language (i18n.ts, loadLanguage).
   */
  hold(namespaces: readonly string[]): () => void {
    const count = (step: number) => {
      for (const namespace of namespaces) {
        const held = (this.held.get(namespace) ?? 0) + step;
        if (held > 0) this.held.set(namespace, held);
        else this.held.delete(namespace);
      }
    };
    count(1);
    return () => count(-1);
  }

  /** The namespaces some part on screen reads now. */
  namespacesInUse(): string[] {
    return [...this.held.keys()];
  }

  /** A promise that settles once the namespaces are in memory, for a screen to wait on (Suspense). */
  loading(namespaces: readonly string[], language: string = this.language): Promise<void> | null {
    if (namespaces.every((namespace) => this.hasResourceBundle(language, namespace))) return null;
    return this.loadNamespaces(namespaces, language);
  }

  /** Shows a language. Its catalogs are fetched by whoever calls (i18n.ts) or by the screens that read them. */
  changeLanguage(language: string): Promise<void> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of this.languageListeners) listener(language);
      for (const listener of this.listeners) listener();
    }
    return Promise.resolve();
  }

  on(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') this.languageListeners.add(listener);
  }

  /** For React's useSyncExternalStore: the listener is called when the language changes. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLanguage = (): string => this.language;

  /** The languages a text is looked for in, in order: the language, its primary language, the fallback. */
  private languagesFor(language: string): string[] {
    const primary = language.split('-')[0] ?? language;
    return [...new Set([language, primary, this.fallbackLanguage])];
  }

  /** Whether a catalog has the key (in the language or its fallback). */
  exists(key: string, options: TranslateOptions = {}): boolean {
    return this.find(key, options, options.lng ?? this.language) !== undefined;
  }

  private find(key: string, options: TranslateOptions, language: string): { value: unknown; language: string } | undefined {
    const colon = key.indexOf(':');
    const named = colon > 0 ? key.slice(0, colon) : null;
    const path = named === null ? key : key.slice(colon + 1);
    const given = options.ns ?? this.defaultNamespace;
    const namespaces = named === null ? (typeof given === 'string' ? [given] : given) : [named];
    const count = typeof options.count === 'number' ? options.count : null;
    for (const candidate of this.languagesFor(language)) {
      // With a count: `_zero` for 0 when the catalog has it, then the language's plural form, then the bare key.
      const paths = count === null ? [path] : [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralCategory(candidate, count)}`, path];
      for (const namespace of namespaces) {
        const catalog = this.getResourceBundle(candidate, namespace);
        for (const tried of paths) {
          const value = lookUp(catalog, tried);
          if (typeof value === 'string' || (options.returnObjects && value !== undefined && value !== null && typeof value === 'object'))
            return { value, language: candidate };
        }
      }
    }
    return undefined;
  }

  /** The text for a key in the current (or given) language, its variables filled in. */
  t = (key: string, options: TranslateOptions = {}): string => {
    const found = this.find(key, options, options.lng ?? this.language);
    const fill = (value: unknown): unknown => {
      if (typeof value === 'string') return options.skipInterpolation ? value : interpolate(value, options);
      if (Array.isArray(value)) return value.map(fill);
      if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, fill(inner)]));
      return value;
    };
    if (found) return fill(found.value) as string;
    if (options.defaultValue !== undefined) return fill(options.defaultValue) as string;
    const colon = key.indexOf(':');
    return colon > 0 ? key.slice(colon + 1) : key;
  };

  /** A t() for one language (or the current one, when null) and namespace(s). */
  getFixedT(language: string | null, namespaces?: string | readonly string[]): (key: string, options?: TranslateOptions) => string {
    return (key, options = {}) =>
      this.t(key, { ...(namespaces === undefined ? {} : { ns: namespaces }), ...(language === null ? {} : { lng: language }), ...options });
  }
}
