import { LANGUAGES, type Language } from '@annadaan/contract/language';
import { useTranslation } from '../i18n/react';

/*
 * Numbers, money, dates and relative times in the reader's language (issue 17): Indian digit
 * grouping (12,34,567), large statistics in lakh and crore, rupees as ₹, clock times in India's
 * time zone whatever the device says. Everything goes through Intl, so a third language needs
 * only its `intlLocale` in the contract's LANGUAGES. The exceptions are forms the first screens
 * show, where building an Intl formatter was a long task on a slow phone. For those, English and
 * Hindi are written here exactly as Intl writes them (whole numbers, fixed decimals, rupees, a date
 * with its time), and unit tests compare the two.
 */

/** The people Annadaan serves are in India: times are India's, not the device's. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** From one lakh up, statistics read better in words ("12.3 lakh", "4.5 करोड़"). */
const LAKH = 100_000;
/**
 * From 100 crore up Intl says "billion" / "अरब"; Indian figures stay in crore ("236.2 crore", the
 * world's yearly food waste in tonnes), as the README promises (issue 29).
 */
const CRORE = 10_000_000;

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
  /** Always one decimal, grouped the Indian way: "2.0", "1,234.5" (distances, percentages). */
  oneDecimal: (value: number) => string;
  /** Always two decimals: "12.50". */
  twoDecimals: (value: number) => string;
  /** A large statistic: grouped below one lakh ("99,999"), in words from there ("12.3 lakh", "12.3 लाख", "4.5 crore", "236.2 करोड़"). */
  compact: (value: number) => string;
  /** Rupees with the sign and Indian grouping: "₹1,20,000", "₹99.5". */
  rupees: (amount: number) => string;
  /** A day in India: "21 November 2026" / "21 नवंबर 2026"; empty for an unreadable date. */
  date: (value: string | Date) => string;
  /** A day and clock time in India: "21 Nov 2026, 8:30 pm"; empty for an unreadable date. */
  dateTime: (value: string | Date) => string;
  /** A clock time in India, as the date and time write it: "8:30 pm"; empty for an unreadable date. */
  time: (value: string | Date) => string;
  /** How long ago or ahead, against `now` (ms): "2 hours ago" / "2 घंटे पहले", "now" / "अब". */
  relative: (value: string | Date, now: number) => string;
  /** A calendar month given as "2026-03", for chart axes: "Mar 2026" / "मार्च 2026"; unreadable months as given. */
  month: (yearMonth: string) => string;
}

/**
 * A whole number with Indian digit grouping ("12,34,567"), without Intl. The first Intl formatter a
 * page builds loads the locale's data: 58 ms on this machine, about 230 ms on Lighthouse's slowed
 * phone, one long task during the first load; whole counts are most of what a first screen
 * shows (the footer's handovers, a dashboard's tiles). Both languages group digits this way and
 * write Latin digits, as Intl's en-IN and hi-IN do; anything else goes through Intl.
 */
function groupIndian(value: number): string {
  const digits = String(Math.abs(value));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last}`;
}

/** Whether groupIndian says it exactly as Intl would: a whole number with no exponent form. */
function isPlainWhole(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

/**
 * A number with a fixed count of decimals as Intl writes it in en-IN and hi-IN ("1,23,456.8"),
 * without Intl: ICU rounds the number's shortest decimal form (what String() gives) half away from
 * zero, so 0.15 is "0.2" and 19.45 is "19.5" (toFixed says "0.1" and "19.4"); a negative number is
 * its magnitude with a minus sign. Exponent forms and magnitudes from 10^15 up give null and go
 * through Intl. The landing page's facts and the distance on a card use one decimal: building that
 * formatter was a 100 ms task on the slowed phone after / drew (Chrome trace); /stats shows signed
 * changes with two decimals ("-1.23%"), whose formatter was a 54 ms task (CPU profile).
 */
function fixedWithoutIntl(value: number, digits: number): string | null {
  // Below zero (and -0) ICU writes the sign, then the magnitude rounded the same way: "-0.00" too.
  if (value < 0 || Object.is(value, -0)) {
    const magnitude = fixedWithoutIntl(-value, digits);
    return magnitude === null ? null : `-${magnitude}`;
  }
  if (!(value >= 0 && value < 1e15)) return null;
  const text = String(value);
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  let scaled = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  // The first digit dropped decides: from 5 up the rest is at least half, and rounds up.
  if (fraction.length > digits && fraction.charAt(digits) >= '5') scaled += 1n;
  const padded = scaled.toString().padStart(digits + 1, '0');
  return `${groupIndian(Number(padded.slice(0, -digits)))}.${padded.slice(-digits)}`;
}

/**
 * A number with at most two decimals, as Intl writes it with maximumFractionDigits 2 ("12.5",
 * "1,234.57", "-0"): the two-decimal form without its trailing zeros. /stats shows such figures:
 * building that formatter was a 69 ms task with the CPU slowed 4x (CPU profile).
 */
function upToTwoDecimalsWithoutIntl(value: number): string | null {
  return fixedWithoutIntl(value, 2)?.replace(/\.?0+$/, '') ?? null;
}

/**
 * Rupees as Intl writes them in en-IN and hi-IN ("₹1,20,000", "₹99.5", "₹49.05"), without Intl,
 * for amounts of whole paise up to ₹100 crore, where a double is a paisa's value to well within a
 * billionth; anything else (negative, finer than a paisa, larger) gives null and goes through
 * Intl. Browse's cards show prices: building the currency formatter there was a 100 ms task on
 * the slowed phone after the page drew (a Chrome trace of /BrowseDonations).
 */
function rupeesWithoutIntl(amount: number): string | null {
  if (!(amount >= 0 && amount <= 1e9)) return null;
  const paise = Math.round(amount * 100);
  if (Math.abs(paise - amount * 100) > 1e-6) return null;
  const fraction = paise % 100;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
  return `₹${groupIndian(Math.floor(paise / 100))}${decimals}`;
}

/** India's clocks: 5 h 30 min ahead of UTC, with no daylight saving, from 1946 on. */
const INDIA_OFFSET_MS = 330 * 60_000;
const INDIA_SINGLE_OFFSET_SINCE = Date.UTC(1946, 0, 1);
const YEAR_10000 = Date.UTC(10_000, 0, 1);
/** Month names as Intl writes them in a medium date (the unit test checks them against Intl). */
const MEDIUM_MONTHS: Partial<Record<Language, readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
};

/**
 * A date with its clock time in India as Intl writes it in en-IN and hi-IN with dateStyle
 * 'medium' and timeStyle 'short' ("28 Nov 2026, 3:35 pm", "28 नव॰ 2026, 3:35 pm"), without Intl,
 * from 1946 to 9999; other languages and dates give null and go through Intl. A donation's page
 * shows when cooked food was made: building that formatter was a 56 ms task (CPU profile, the
 * CPU slowed 4x) inside the page's hydration.
 */
function dateTimeWithoutIntl(at: Date, language: Language): string | null {
  const months = MEDIUM_MONTHS[language];
  const time = at.getTime();
  if (!months || !(time >= INDIA_SINGLE_OFFSET_SINCE && time < YEAR_10000)) return null;
  const india = new Date(time + INDIA_OFFSET_MS);
  const hour = india.getUTCHours();
  const minutes = String(india.getUTCMinutes()).padStart(2, '0');
  return `${india.getUTCDate()} ${months[india.getUTCMonth()]} ${india.getUTCFullYear()}, ${hour % 12 || 12}:${minutes} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * One Intl formatter, built on its first use and kept. Building them is costly: all seven, built
 * when a screen first formatted anything, took about 100 ms of the landing page's first load with
 * the CPU slowed 4× (Chrome's profiler), though most screens use two or three.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The formatters for one language, made once and kept; each Intl formatter is built when first used. */
export function formatters(language: Language): Formatters {
  const known = cache.get(language);
  if (known) return known;
  const locale = intlLocale(language);
  const numberFormat = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));
  const oneDecimalFormat = once(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  const twoDecimalsFormat = once(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const compactFormat = once(() => new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 }));
  const rupeesFormat = once(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 }));
  const dateFormat = once(() => new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }));
  const dateTimeFormat = once(() => new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }));
  const relativeFormat = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  // Hindi's short month names are abbreviations with a dot ("नव॰"); its full names are short enough.
  const monthFormat = once(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: language === 'en' ? 'short' : 'long', year: 'numeric' }));
  const made: Formatters = {
    language,
    number: (value) => (isPlainWhole(value) ? groupIndian(value) : (upToTwoDecimalsWithoutIntl(value) ?? numberFormat().format(value))),
    oneDecimal: (value) => fixedWithoutIntl(value, 1) ?? oneDecimalFormat().format(value),
    twoDecimals: (value) => fixedWithoutIntl(value, 2) ?? twoDecimalsFormat().format(value),
    compact: (value) => {
      const size = Math.abs(value);
      if (size < LAKH) return groupIndian(Math.round(value));
      // One plain space before the word: Chromium's ICU writes a narrow no-break space (U+202F) where
      // Node's writes a space, and the page the server drew must read the same once hydrated.
      if (size < 100 * CRORE)
        return compactFormat()
          .format(value)
          .replace(/[\u00a0\u202f]/g, ' ');
      // Intl's own word for a crore, after the number of crores (at most one decimal).
      const word =
        compactFormat()
          .formatToParts(CRORE)
          .find((part) => part.type === 'compact')?.value ?? '';
      const crores = fixedWithoutIntl(value / CRORE, 1)?.replace(/\.0$/, '') ?? String(Math.round(value / CRORE));
      return `${crores} ${word}`;
    },
    rupees: (amount) => rupeesWithoutIntl(amount) ?? rupeesFormat().format(amount),
    date: (value) => {
      const at = toDate(value);
      return at ? dateFormat().format(at) : '';
    },
    dateTime: (value) => {
      const at = toDate(value);
      return at ? (dateTimeWithoutIntl(at, language) ?? dateTimeFormat().format(at)) : '';
    },
    // The date and time's own clock part, so the two always agree (issue 33: "until 2:30 pm").
    time: (value) => {
      const at = toDate(value);
      if (!at) return '';
      const written = dateTimeWithoutIntl(at, language) ?? dateTimeFormat().format(at);
      return written.slice(written.lastIndexOf(', ') + 2);
    },
    relative: (value, now) => {
      const at = toDate(value);
      if (!at) return '';
      const seconds = Math.round((at.getTime() - now) / 1000);
      const step = RELATIVE_STEPS.find((candidate) => Math.abs(seconds) >= candidate.seconds);
      // Under a minute reads "now" ("अब"): seconds tick too fast to be worth saying.
      return step ? relativeFormat().format(Math.trunc(seconds / step.seconds), step.unit) : relativeFormat().format(0, 'second');
    },
    month: (yearMonth) => {
      const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
      const monthNumber = Number(match?.[2]);
      // The 15th at noon UTC: the same month in every time zone.
      return match && monthNumber >= 1 && monthNumber <= 12 ? monthFormat().format(Date.UTC(Number(match[1]), monthNumber - 1, 15, 12)) : yearMonth;
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
