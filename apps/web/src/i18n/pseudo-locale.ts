/*
 * The pseudo-locale (issue 17; docs/decisions/035-pseudo-locale.md): English with every letter
 * swapped for an accented one ("Sign In" → "Šíĝñ Íñ"), made from the English catalogs as they
 * load. It is how a test proves that adding a language is only a catalog and a line in a list:
 * switched on, any screen text that did not come through a catalog still reads as plain English
 * and the every-screen browser test reports it. Nobody is offered it; a developer switches it on
 * with `localStorage.setItem('annadaan.language', 'en-XA')` and off by choosing a language.
 */

/** A private-use region of English, as pseudo-locales are usually coded. */
export const PSEUDO_LANGUAGE = 'en-XA';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'áƀçďéƒĝĥíĵķľɱñóþǫŕšťúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĽṀÑÓÞǪŔŠŤÚṼŴẊÝŽ'];

/** What the translator must keep: {{variables}}, <tags> of Trans and $t(nested) keys. */
const KEEP = /(\{\{[^}]*\}\}|<\/?[\w-]+\s*\/?>|\$t\([^)]*\))/;

/** One catalog text in the pseudo-locale, its variables, tags and nested keys untouched. */
export function pseudoText(text: string): string {
  return text
    .split(KEEP)
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((character) => ACCENTED[PLAIN.indexOf(character)] ?? character).join('')))
    .join('');
}

/** A catalog value (a text, a list of them, or nested objects of them) in the pseudo-locale. */
function pseudoValue(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value);
  if (Array.isArray(value)) return value.map(pseudoValue);
  if (value !== null && typeof value === 'object') return pseudoCatalog(value as Record<string, unknown>);
  return value;
}

/** A whole English catalog in the pseudo-locale, keys and shape kept. */
export function pseudoCatalog(catalog: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, pseudoValue(value)]));
}
