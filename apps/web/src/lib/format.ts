/** Shared display formats: countdowns, dates and rupees (spec section 9). */

/** HH:MM:SS for a number of seconds; hours may exceed 24 (raw food can last 30 days). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
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
