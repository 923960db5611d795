import type { Donation } from '@annadaan/contract/donations';
import { Text } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { useNow } from '../../../lib/use-now';
import { donationSecondsLeft, useTimeLeft } from './donation-time';

/**
 * The live countdown line above the filters. The spec does not say what it counts; we count down
 * to the soonest expiry among the donations shown, which is what someone hurrying wants to know.
 */
export function NextExpiryLine({ donations }: { donations: Donation[] }) {
  const { t } = useTranslation('donations');
  const timeLeft = useTimeLeft();
  const now = useNow();
  const open = donations.map((donation) => donationSecondsLeft(donation, now)).filter((left) => left > 0);
  if (open.length === 0) return null;
  return (
    <Text fw={600} c="green.9">
      <Trans t={t} i18nKey="browse.nextExpiry" values={{ time: timeLeft(Math.min(...open)) }} components={{ time: <span className="food-card-countdown" /> }} />
    </Text>
  );
}
