/**
 * Shared display formats that do not depend on the reader's language: countdowns and phone
 * numbers. Everything worded or grouped per language is in
 * lib/locale-format (issue 17).
 */

/** HH:MM:SS for a number of seconds; hours may exceed 24 (raw food can last 30 days). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
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
