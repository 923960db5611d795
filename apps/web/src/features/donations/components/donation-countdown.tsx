import type { Donation } from '@annadaan/contract/donations';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useNow } from '../../../lib/use-now';
import { donationSecondsLeft, useTimeLeft } from './donation-time';

/** Time left until the donation expires (days and hours above 24 h, else HH:MM:SS), refreshed every second; 'Expired' at zero (spec section 9). */
export function DonationCountdown({ donation, ...props }: { donation: Donation } & TextProps) {
  const { t } = useTranslation('donations');
  const timeLeft = useTimeLeft();
  const now = useNow();
  const left = donationSecondsLeft(donation, now);
  return (
    <Text {...props} c={left > 0 ? props.c : 'red.8'}>
      {left > 0 ? timeLeft(left) : t('countdown.expired')}
    </Text>
  );
}
