import type { Donation } from '@annadaan/contract/donations';
import { secondsLeft } from '@annadaan/contract/time';
import { useTranslation } from '../../../i18n/react';
import { formatCountdown } from '../../../lib/format';

/**
 * Seconds left: countdownTime minus the seconds since creation, floored at 0 (spec section 4).
 * Uses the browser's clock, so a phone with a wrong clock shows a wrong countdown; the server
 * still refuses expired food, so that only affects the display.
 */
export function donationSecondsLeft(donation: Pick<Donation, 'countdownTime' | 'createdAt'>, nowMs: number): number {
  return secondsLeft(donation.countdownTime, new Date(donation.createdAt), new Date(nowMs));
}

const DAY_SECONDS = 24 * 3600;

/**
 * Time left before food expires, as people read it (issue 11), in the reader's language: above
 * 24 hours, whole days and hours ("19 days 23 h", "19 दिन 23 घंटे", rounded down so it never
 * promises more time than there is); from 24 hours down, the live HH:MM:SS countdown of spec
 * section 9, which reads the same in every language.
 */
export function useTimeLeft(): (totalSeconds: number) => string {
  const { t } = useTranslation('donations');
  return (totalSeconds) => {
    const seconds = Math.max(0, Math.floor(totalSeconds));
    if (seconds <= DAY_SECONDS) return formatCountdown(seconds);
    return t('countdown.days', { count: Math.floor(seconds / DAY_SECONDS), hours: Math.floor((seconds % DAY_SECONDS) / 3600) });
  };
}
