import i18next, { type i18n as I18next } from 'i18next';
import { NAMESPACES, type ShownLanguage, i18n, loadLanguage } from './i18n';
import type { Catalog } from './translator';

/**
 * For tests only: i18next, which the catalogs were written for, with every catalog of the given
 * languages, as the reference our translator (translator.ts, react.tsx) is held to
 * (docs/decisions/045-less-work-on-the-first-screen.md). The app never imports it.
 */
export async function i18nextReference(languages: readonly ShownLanguage[]): Promise<I18next> {
  await Promise.all(languages.map((language) => loadLanguage(language, NAMESPACES)));
  const reference = i18next.createInstance();
  await reference.init({
    resources: Object.fromEntries(
      languages.map((language) => [
        language,
        Object.fromEntries(NAMESPACES.map((namespace) => [namespace, i18n.getResourceBundle(language, namespace) as Catalog])),
      ]),
    ),
    lng: 'en',
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return reference;
}
