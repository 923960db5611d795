/**
 * Instants on the wire. People in India type local times, so an input without an offset is read
 * as India Standard Time (+05:30, no daylight saving). Every instant the server sends back is
 * UTC ISO 8601 with `Z`.
 */
export const INDIA_OFFSET = '+05:30';

const INSTANT_INPUT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Parses `2026-06-01T18:30`, `2026-06-01T18:30:00+05:30`, `...Z` and the like; null when not a real instant. */
export function parseInstantInput(text: string): Date | null {
  const match = INSTANT_INPUT.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00', fraction = '0', offset = INDIA_OFFSET] = match;
  const millis = fraction.padEnd(3, '0');
  const normalizedOffset = offset === 'Z' || offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${normalizedOffset}`);
  if (Number.isNaN(instant.getTime())) return null;
  // `Date` rolls 31 June over to 1 July; a date that does not exist is not an instant.
  const check = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  return instant;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** countdownTime minus the seconds since creation, floored at 0. */
export function secondsLeft(countdownTime: number, createdAt: Date, now: Date): number {
  const elapsed = Math.floor((now.getTime() - createdAt.getTime()) / 1000);
  return Math.max(0, countdownTime - elapsed);
}
