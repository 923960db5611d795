import { LANGUAGES } from '@annadaan/contract/language';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, browserLanguage, i18n, loadLanguage } from './i18n';

/** Every key path of a catalog, with its {{variables}}. */
function entries(catalog: unknown, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [key, value] of Object.entries(catalog as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort());
    else for (const [inner, variables] of entries(value, path)) found.set(inner, variables);
  }
  return found;
}

describe('the first language', () => {
  it('follows the first of the browser languages the app speaks', () => {
    expect(browserLanguage(['hi-IN', 'en-GB'])).toBe('hi');
    expect(browserLanguage(['hi'])).toBe('hi');
    expect(browserLanguage(['en-US', 'hi'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'HI-in'])).toBe('hi');
  });

  it('is English when the browser speaks nothing the app does', () => {
    expect(browserLanguage(['fr', 'de-DE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('the catalogs', () => {
  it('load a screen’s namespace only when asked, in every language', async () => {
    expect(i18n.hasResourceBundle('en', 'pages')).toBe(false);
    await loadLanguage('en', ['pages']);
    expect(i18n.hasResourceBundle('en', 'pages')).toBe(true);
  });

  it('a switch of language fetches, first, the namespaces the parts on screen read, and only while they are on screen', async () => {
    expect(i18n.hasResourceBundle('hi', 'impact')).toBe(false);
    expect(i18n.hasResourceBundle('hi', 'map')).toBe(false);
    const releaseImpact = i18n.hold(['impact']);
    const releaseMap = i18n.hold(['map', 'impact']);
    releaseMap();
    expect(i18n.namespacesInUse()).toEqual(['impact']);
    try {
      await loadLanguage('hi');
      expect(i18n.hasResourceBundle('hi', 'impact')).toBe(true);
      expect(i18n.hasResourceBundle('hi', 'map')).toBe(false);
    } finally {
      releaseImpact();
    }
    expect(i18n.namespacesInUse()).toEqual([]);
  });

  it('a part that comes on screen while a language is fetched has its words fetched before the switch too', async () => {
    expect(i18n.hasResourceBundle('hi', 'ratings')).toBe(false);
    const fetching = loadLanguage('hi', ['shell']);
    const release = i18n.hold(['ratings']);
    try {
      await fetching;
      expect(i18n.hasResourceBundle('hi', 'ratings')).toBe(true);
    } finally {
      release();
    }
  });

  it.each(LANGUAGES.filter((language) => language.code !== 'en').map((language) => language.code))(
    '%s has every English key, with the same variables, and nothing else',
    async (language) => {
      await Promise.all([loadLanguage('en', NAMESPACES), loadLanguage(language, NAMESPACES)]);
      for (const namespace of NAMESPACES) {
        const english = entries(i18n.getResourceBundle('en', namespace));
        const other = entries(i18n.getResourceBundle(language, namespace));
        expect([...other.keys()].sort(), `${language}/${namespace}.json`).toEqual([...english.keys()].sort());
        for (const [key, variables] of english) expect(other.get(key), `${language}/${namespace}.json ${key}`).toEqual(variables);
      }
    },
  );

  it('keep the contract’s English wording where the server says the same thing', async () => {
    await loadLanguage('en', ['auth']);
    const english = i18n.getFixedT('en', 'auth');
    expect(english('signUp.registered')).toBe('Registration successful!');
    expect(english('signUp.emailTaken')).toBe('This email is already registered.');
  });

  it('list every namespace, bundled or not', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['shell', 'common', 'errors', 'auth', 'donations']));
  });

  it('interpolate in both languages', async () => {
    await Promise.all([loadLanguage('en', ['auth']), loadLanguage('hi', ['auth'])]);
    const hindi = i18n.getFixedT('hi', 'auth');
    expect(hindi('signUp.failed', { reason: 'x' })).toBe('रजिस्ट्रेशन नहीं हो पाया: x');
    expect(i18n.getFixedT('en', 'auth')('signUp.failed', { reason: 'x' })).toBe('Registration failed: x');
  });
});
