/** The one place the server reads the time, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at a fixed instant and moves only when told. */
export function manualClock(start: Date | string = '2026-06-01T06:30:00.000Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(instant: Date | string) {
      current = new Date(instant).getTime();
    },
  };
}

export type ManualClock = ReturnType<typeof manualClock>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Stored form of an instant: UTC ISO 8601 with milliseconds and `Z`, fixed width. */
export function toIso(instant: Date): string {
  return instant.toISOString();
}
