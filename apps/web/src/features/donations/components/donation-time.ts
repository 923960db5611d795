import { type Donation, secondsLeft } from '@annadaan/contract/donations';

/**
 * Seconds left: countdownTime minus the seconds since creation, floored at 0 (spec section 4).
 * Uses the browser's clock, so a phone with a wrong clock shows a wrong countdown; the server
 * still refuses expired food, so that only affects the display.
 */
export function donationSecondsLeft(donation: Pick<Donation, 'countdownTime' | 'createdAt'>, nowMs: number): number {
  return secondsLeft(donation.countdownTime, new Date(donation.createdAt), new Date(nowMs));
}
