import { atMostPopulation } from '@annadaan/contract/population';

/** Shared display formats: countdowns, dates and rupees (spec section 9). */

/** HH:MM:SS for a number of seconds; hours may exceed 24 (raw food can last 30 days). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

const DAY_SECONDS = 24 * 3600;

/**
 * Time left before food expires, as people read it (issue 11): above 24 hours, whole days and
 * hours ("19 days 23 h", rounded down so it never promises more time than there is); from 24
 * hours down, the live HH:MM:SS countdown of spec section 9. Raw food can last 30 days, and
 * "479:32:44" is a number nobody can read at a glance.
 */
export function formatTimeLeft(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds <= DAY_SECONDS) return formatCountdown(seconds);
  const days = Math.floor(seconds / DAY_SECONDS);
  const hours = Math.floor((seconds % DAY_SECONDS) / 3600);
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours} h`;
}

const longDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** e.g. "21 November 2026" (en-IN long format, spec section 2 My orders). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** "₹120" or "₹99.5": the rupee sign with Indian digit grouping. */
export function formatRupees(amount: number): string {
  return `₹${rupees.format(amount)}`;
}

/**
 * Large counts as K (thousands) and M (millions) with one decimal, as the statistics page asks.
 * The spec stops at M; billions (global people-fed figures reach 12.9 billion) get B so a figure
 * never reads "12942.5M".
 */
export function formatCompact(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size >= 1e9) return `${sign}${(size / 1e9).toFixed(1)}B`;
  if (size >= 1e6) return `${sign}${(size / 1e6).toFixed(1)}M`;
  if (size >= 1e3) return `${sign}${(size / 1e3).toFixed(1)}K`;
  return `${sign}${Number.isInteger(size) ? size : size.toFixed(1)}`;
}

/**
 * A count of people set against a population (in millions), compact; never above that
 * population, whatever the figure says (issue 11).
 */
export function formatPeopleWithin(people: number, populationMillions: number): string {
  return formatCompact(atMostPopulation(people, populationMillions));
}

/** A chart's axis tick: compact like formatCompact, without a trailing ".0" ("600M", "2.4B"). */
export function formatAxisTick(value: number): string {
  return formatCompact(value).replace(/\.0(?=[KMB]?$)/, '');
}

const whole = new Intl.NumberFormat('en-IN');
const upToTwo = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A count with Indian digit grouping (12,34,567). */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** A measured value as the data file holds it (at most 2 decimals). */
export function formatAmount(value: number): string {
  return upToTwo.format(value);
}

/** A percentage with one decimal, from a ratio (1 means 100%). */
export function formatPercentFromRatio(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

/**
 * A phone number as the API returns it (the 10 digits, or masked as "98•••••210") with its
 * country code shown once: "+91 9876543210". A value that already carries +91 is not given a
 * second one; anything else is shown as it is.
 */
export function formatPhone(phone: string): string {
  const value = phone.trim().replace(/^\+91[\s-]*/, '');
  return /^[\d•]{10}$/.test(value) ? `+91 ${value}` : phone.trim();
}

/** The `tel:` address of a number as the API returns it, or null when it is not a whole number. */
export function phoneHref(phone: string): string | null {
  const value = phone.trim().replace(/^\+91[\s-]*/, '');
  return /^\d{10}$/.test(value) ? `tel:+91${value}` : null;
}

const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * How far an item is, as every list, card and map marker says it (issue 15): "2.3 km away". The
 * API's `distanceKm` is measured to the item's public point (a ~500 m cell's centre) and rounded
 * to one decimal, so anything under 0.1 km reads "under 0.1 km", never a false "0.0 km".
 */
export function formatDistanceAway(km: number): string {
  if (!Number.isFinite(km) || km < 0.05) return 'Under 0.1 km away';
  return `${oneDecimal.format(km)} km away`;
}

/** A radius choice: "5 km". */
export function formatRadius(km: number): string {
  return `${km} km`;
}

/** "Picked up 12 of 13 accepted": a receiver's record (decision 029). */
export function formatPickups(figure: { pickedUp: number; accepted: number }): string {
  return figure.accepted === 0 ? 'No accepted requests yet' : `Picked up ${figure.pickedUp} of ${figure.accepted} accepted`;
}

/** "Handed over 8 of 9 accepted": a donor's record (decision 029). */
export function formatHandovers(figure: { handedOver: number; accepted: number }): string {
  return figure.accepted === 0 ? 'No accepted requests yet' : `Handed over ${figure.handedOver} of ${figure.accepted} accepted`;
}

/** "Cooked 2 h ago", "Cooked 25 min ago", "Cooked just now" (issue 16); never ahead, by the API's rules. */
export function formatCookedAgo(preparedAt: string | Date, now: number): string {
  const date = typeof preparedAt === 'string' ? new Date(preparedAt) : preparedAt;
  const minutes = Math.max(0, Math.floor((now - date.getTime()) / 60_000));
  if (minutes < 1) return 'Cooked just now';
  if (minutes < 60) return `Cooked ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `Cooked ${hours} h ago` : `Cooked ${Math.floor(hours / 24)} days ago`;
}
