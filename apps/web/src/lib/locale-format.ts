import { LANGUAGES, type Language } from '@annadaan/contract/language';
import { useTranslation } from 'react-i18next';

/*
 * Numbers, money, dates and relative times in the reader's language (issue 17): Indian digit
 * grouping (12,34,567), large statistics in lakh and crore, rupees as ₹, clock times in India's
 * time zone whatever the device says. Everything goes through Intl, so a third language needs
 * only its `intlLocale` in the contract's LANGUAGES.
 */

/** The people Annadaan serves are in India: times are India's, not the device's. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** From one lakh up, statistics read better in words ("12.3 lakh", "4.5 करोड़"). */
const LAKH = 100_000;

const cache = new Map<Language, Formatters>();

function intlLocale(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.intlLocale ?? 'en-IN';
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

const RELATIVE_STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

export interface Formatters {
  language: Language;
  /** A count or amount with Indian grouping: "12,34,567"; at most two decimals. */
  number: (value: number) => string;
  /** A large statistic: grouped below one lakh ("99,999"), in words from there ("12.3 lakh", "12.3 लाख", "4.5 crore"). */
  compact: (value: number) => string;
  /** Rupees with the sign and Indian grouping: "₹1,20,000", "₹99.5". */
  rupees: (amount: number) => string;
  /** A day in India: "21 November 2026" / "21 नवंबर 2026"; empty for an unreadable date. */
  date: (value: string | Date) => string;
  /** A day and clock time in India: "21 Nov 2026, 8:30 pm"; empty for an unreadable date. */
  dateTime: (value: string | Date) => string;
  /** How long ago or ahead, against `now` (ms): "2 hours ago" / "2 घंटे पहले", "now" / "अब". */
  relative: (value: string | Date, now: number) => string;
  /** A calendar month given as "2026-03", for chart axes: "Mar 2026" / "मार्च 2026"; unreadable months as given. */
  month: (yearMonth: string) => string;
}

/** The formatters for one language, made once and kept (Intl formatters are costly to build). */
export function formatters(language: Language): Formatters {
  const known = cache.get(language);
  if (known) return known;
  const locale = intlLocale(language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 });
  const rupees = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // Hindi's short month names are abbreviations with a dot ("नव॰"); its full names are short enough.
  const month = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: language === 'en' ? 'short' : 'long', year: 'numeric' });
  const made: Formatters = {
    language,
    number: (value) => number.format(value),
    compact: (value) => (Math.abs(value) < LAKH ? number.format(Math.round(value)) : compact.format(value)),
    rupees: (amount) => rupees.format(amount),
    date: (value) => {
      const at = toDate(value);
      return at ? date.format(at) : '';
    },
    dateTime: (value) => {
      const at = toDate(value);
      return at ? dateTime.format(at) : '';
    },
    relative: (value, now) => {
      const at = toDate(value);
      if (!at) return '';
      const seconds = Math.round((at.getTime() - now) / 1000);
      const step = RELATIVE_STEPS.find((candidate) => Math.abs(seconds) >= candidate.seconds);
      // Under a minute reads "now" ("अब"): seconds tick too fast to be worth saying.
      return step ? relative.format(Math.trunc(seconds / step.seconds), step.unit) : relative.format(0, 'second');
    },
    month: (yearMonth) => {
      const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
      const monthNumber = Number(match?.[2]);
      // The 15th at noon UTC: the same month in every time zone.
      return match && monthNumber >= 1 && monthNumber <= 12 ? month.format(Date.UTC(Number(match[1]), monthNumber - 1, 15, 12)) : yearMonth;
    },
  };
  cache.set(language, made);
  return made;
}

/** The formatters for the language the app shows now; a screen re-renders when it changes. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = LANGUAGES.find((entry) => entry.code === i18n.language)?.code ?? 'en';
  return formatters(language);
}
