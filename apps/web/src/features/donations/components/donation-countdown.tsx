import type { Donation } from '@annadaan/contract/donations';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFromNow, useNow } from '../../../lib/use-now';
import { donationSecondsLeft, useTimeLeft } from './donation-time';

/**
 * Time left until the donation expires (days and hours above 24 h, else HH:MM:SS), refreshed every
 * second; 'Expired' at zero (spec section 9). Only the digits redraw each second: the styled text
 * around them redraws when the food expires. A list of cards redrawing whole every second was a
 * 45-70 ms task each second with the CPU slowed 4× (issue 18).
 */
export function DonationCountdown({ donation, ...props }: { donation: Donation } & TextProps) {
  const expired = useFromNow((now) => donationSecondsLeft(donation, now) <= 0);
  return (
    <Text {...props} c={expired ? 'red.8' : props.c}>
      <TimeLeft donation={donation} />
    </Text>
  );
}

function TimeLeft({ donation }: { donation: Donation }) {
  const { t } = useTranslation('donations');
  const timeLeft = useTimeLeft();
  const left = donationSecondsLeft(donation, useNow());
  return left > 0 ? timeLeft(left) : t('countdown.expired');
}
