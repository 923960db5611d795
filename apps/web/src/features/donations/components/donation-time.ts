import type { Donation } from '@annadaan/contract/donations';

/**
 * Seconds left: countdownTime minus the seconds since creation, floored at 0 (spec section 4).
 * Uses the browser's clock, so a phone with a wrong clock shows a wrong countdown; the server
 * still refuses expired food, so that only affects the display.
 */
export function donationSecondsLeft(donation: Pick<Donation, 'countdownTime' | 'createdAt'>, nowMs: number): number {
  const elapsed = (nowMs - new Date(donation.createdAt).getTime()) / 1000;
  return Math.max(0, Math.floor(donation.countdownTime - elapsed));
}
