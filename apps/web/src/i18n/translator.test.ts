import { LANGUAGES } from '@annadaan/contract/language';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, type ShownLanguage, i18n } from './i18n';
import { i18nextReference } from './i18next-reference';
import { PSEUDO_LANGUAGE } from './pseudo-locale';
import { Translator, interpolate, pluralCategory } from './translator';

// The translator replaces i18next in the browser (docs/decisions/045-less-work-on-the-first-screen.md); i18next,
// which the catalogs were written for, is the reference it is held to.

const languages: ShownLanguage[] = [...LANGUAGES.map((language) => language.code), PSEUDO_LANGUAGE];

/** Every key path of a catalog with the variables its text uses; plural forms are reported once, by their base key. */
function keys(catalog: unknown, prefix = ''): Map<string, { variables: string[]; plural: boolean; object: boolean }> {
  const found = new Map<string, { variables: string[]; plural: boolean; object: boolean }>();
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const plural = /_(zero|one|two|few|many|other)$/.exec(path);
    if (typeof value === 'string') {
      const base = plural ? path.slice(0, plural.index) : path;
      const variables = [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
      const known = found.get(base);
      found.set(base, { variables: [...new Set([...(known?.variables ?? []), ...variables])], plural: Boolean(plural), object: false });
    } else if (Array.isArray(value)) {
      found.set(path, { variables: [], plural: false, object: true });
    } else {
      for (const [inner, entry] of keys(value, path)) found.set(inner, entry);
    }
  }
  return found;
}

const reference = await i18nextReference(languages);

describe('the translator, held to i18next', () => {
  it.each(languages)('gives i18next’s text for every key of every %s catalog, with its variables and plural forms', (language) => {
    let compared = 0;
    for (const namespace of NAMESPACES) {
      for (const [key, { variables, plural, object }] of keys(i18n.getResourceBundle('en', namespace))) {
        // A key with a colon cannot be asked for by t() in either (the colon names a namespace):
        // the source page reads those sentences with getResource, below.
        if (key.includes(':')) continue;
        const values = Object.fromEntries(variables.map((name, index) => [name, `‹${name}-${index}›`]));
        const counts = plural ? [0, 1, 2, 5, 1.5, 0.5, 21, 101] : [undefined];
        for (const count of counts) {
          const options = { ...values, ...(count === undefined ? {} : { count }), ...(object ? { returnObjects: true } : {}), lng: language, ns: namespace };
          expect(i18n.t(key, options), `${language} ${namespace}:${key} count=${String(count)}`).toEqual(reference.t(key, options as never));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('looks a key up in each namespace in turn, or in the one the key names', () => {
    const ours = i18n.getFixedT('en', ['donations', 'common']);
    const theirs = reference.getFixedT('en', ['donations', 'common']);
    for (const key of ['common:yes', 'yes', 'card.free', 'donations:card.free', 'common:enums.foodType.PRECOOKED']) {
      expect(ours(key, { answer: 'Yes' }), key).toBe(theirs(key as never, { answer: 'Yes' } as never));
    }
  });

  it('reads a text keyed by a whole sentence, dots and colons included, as the source page does', () => {
    const sentences = Object.keys(i18n.getResource('en', 'pages', 'sourceData') as Record<string, string>);
    const withColon = sentences.find((sentence) => sentence.includes(':') && sentence.includes('. '));
    const withDots = sentences.find((sentence) => !sentence.includes(':') && sentence.includes('. '));
    expect(withColon && withDots).toBeTruthy();
    const hindi = i18n.getResource('hi', 'pages', 'sourceData') as Record<string, string>;
    expect(hindi[withColon ?? '']).toMatch(/[\u0900-\u097f]/);
    expect(i18n.t(`sourceData.${withDots ?? ''}`, { ns: 'pages', lng: 'hi' })).toBe(hindi[withDots ?? '']);
  });

  it('shows a missing key (without its namespace), or the default given, as i18next does', () => {
    for (const [key, options] of [
      ['no.such.key', {}],
      ['common:no.such.key', {}],
      ['common:enums.foodType.SOUP', { defaultValue: 'SOUP' }],
      ['common:enums.foodType', {}],
    ] as const) {
      expect(i18n.t(key, options), key).toBe(reference.t(key as never, options as never));
    }
  });
});

describe('plural forms', () => {
  const numbers = [...Array.from({ length: 300 }, (_, index) => index), 0.1, 0.5, 0.99, 1.0, 1.01, 1.5, 2.5, 10.25, 1e6, -1, -0.5, -2];
  it.each(['en', 'hi', 'en-IN', 'hi-IN'])('match Intl.PluralRules for %s without building one', (language) => {
    const rules = new Intl.PluralRules(language);
    for (const number of numbers) expect(pluralCategory(language, number), `${language} ${number}`).toBe(rules.select(number));
  });

  it('ask Intl for a language with rules of its own', () => {
    expect(pluralCategory('ar', 2)).toBe('two');
    expect(pluralCategory('ru', 5)).toBe('many');
  });
});

describe('variables', () => {
  it('are filled in once: a value that looks like a variable stays as it is', () => {
    expect(interpolate('{{name}} asked for {{food}}', { name: '{{food}}', food: 'rice' })).toBe('{{food}} asked for rice');
  });

  it('stay as written when not given, and are dropped when given empty', () => {
    expect(interpolate('Hi {{name}}, {{ other }}', {})).toBe('Hi {{name}}, {{ other }}');
    expect(interpolate('Hi {{name}}!', { name: undefined })).toBe('Hi !');
    expect(interpolate('Hi {{name}}!', { name: null })).toBe('Hi !');
    expect(interpolate('{{count}} left', { count: 3 })).toBe('3 left');
  });
});

describe('catalogs that load', () => {
  it('fetch a namespace once however many screens ask at the same time, and try again after a failure', async () => {
    const asked: string[] = [];
    let fail = true;
    const translator = new Translator({
      language: 'hi',
      fallbackLanguage: 'en',
      defaultNamespace: 'shell',
      resources: { en: { shell: { hello: 'Hello' } } },
      load: async (language, namespace) => {
        asked.push(`${language}/${namespace}`);
        if (fail) throw new Error('offline');
        return { hello: 'नमस्ते' };
      },
    });
    await expect(Promise.all([translator.loadNamespaces('shell'), translator.loadNamespaces(['shell'])])).rejects.toThrow('offline');
    expect(asked).toEqual(['hi/shell']);
    // English fills in while Hindi is missing.
    expect(translator.t('hello')).toBe('Hello');
    fail = false;
    await translator.loadNamespaces('shell');
    expect(asked).toEqual(['hi/shell', 'hi/shell']);
    expect(translator.t('hello')).toBe('नमस्ते');
    expect(translator.loading(['shell'])).toBeNull();
  });

  it('tell the language’s listeners when it changes, and only then', async () => {
    const translator = new Translator({ language: 'en', fallbackLanguage: 'en', defaultNamespace: 'shell', load: async () => ({}) });
    const told: string[] = [];
    translator.on('languageChanged', (language) => told.push(language));
    let redraws = 0;
    translator.subscribe(() => (redraws += 1));
    await translator.changeLanguage('hi');
    await translator.changeLanguage('hi');
    translator.addResourceBundle('hi', 'shell', { hello: 'नमस्ते' });
    expect(told).toEqual(['hi']);
    expect(redraws).toBe(1);
  });
});
