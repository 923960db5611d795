import type { Donation } from '@annadaan/contract/donations';
import { Text, type TextProps } from '@mantine/core';
import { formatCountdown } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { donationSecondsLeft } from './donation-time';

/** HH:MM:SS until the donation expires, refreshed every second; 'Expired' at zero (spec section 9). */
export function DonationCountdown({ donation, ...props }: { donation: Donation } & TextProps) {
  const now = useNow();
  const left = donationSecondsLeft(donation, now);
  return (
    <Text {...props} c={left > 0 ? props.c : 'red.8'}>
      {left > 0 ? formatCountdown(left) : 'Expired'}
    </Text>
  );
}
