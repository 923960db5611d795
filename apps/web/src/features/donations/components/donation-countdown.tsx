import type { Donation } from '@annadaan/contract/donations';
import { Text, type TextProps } from '@mantine/core';
import { formatTimeLeft } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { donationSecondsLeft } from './donation-time';

/** Time left until the donation expires (days and hours above 24 h, else HH:MM:SS), refreshed every second; 'Expired' at zero (spec section 9). */
export function DonationCountdown({ donation, ...props }: { donation: Donation } & TextProps) {
  const now = useNow();
  const left = donationSecondsLeft(donation, now);
  return (
    <Text {...props} c={left > 0 ? props.c : 'red.8'}>
      {left > 0 ? formatTimeLeft(left) : 'Expired'}
    </Text>
  );
}
