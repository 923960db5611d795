/**
 * The languages the app speaks (issue 17; docs/decisions/031-languages-and-formats.md). Adding
 * one (Marathi, Tamil, Bengali) is a line here and a catalog folder under
 * apps/web/src/i18n/locales/<code>/. `nativeName` is what the language switch shows, in the
 * language's own script; `intlLocale` is what the number and date formatters use. No zod here:
 * the first screen imports this file, and zod would add 25 kB to it (the schema is in auth.ts).
 */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', intlLocale: 'en-IN' },
  { code: 'hi', nativeName: 'हिन्दी', intlLocale: 'hi-IN' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [Language, ...Language[]];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}
