import type { Donation } from '@annadaan/contract/donations';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { DietMark } from '../../../components/diet-mark';
import { HeldForOrganisations, PortionsLeft } from '../../../components/portions-left';
import { badgeTextColor } from '../../../components/status-badge-color';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/locale-format';
import { donationStatusColor } from './labels';
import { WithdrawDonationButton } from './withdraw-donation-button';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';

interface MyDonationsListProps {
  donations: Donation[];
  linkTo: (donation: Donation) => string;
  /** Requests waiting for the donor's answer on this donation, and where to answer them. */
  pendingOf?: (donation: Donation) => { count: number; to: string } | null;
}

/** The donor's own donations, newest first, with withdraw on those still open. */
export function MyDonationsList({ donations, linkTo, pendingOf }: MyDonationsListProps) {
  const { t } = useTranslation(['donations', 'common']);
  const format = useFormat();
  if (donations.length === 0) return <EmptyState message={t('myDonations.empty')} action={{ kind: 'donate', to: paths.donate }} />;
  return (
    <Stack gap="sm">
      {donations.map((donation) => (
        <Card key={donation.id} withBorder padding="sm" component="article" aria-label={donation.foodName}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={linkTo(donation)} fw={700} data-user-text>
              {donation.foodName}
            </Anchor>
            <Badge color={donationStatusColor(donation.status)} c={badgeTextColor(donationStatusColor(donation.status))} variant="light" tt="none">
              {t(`common:enums.donationStatus.${donation.status}`)}
            </Badge>
          </Group>
          <DietMark diet={donation.diet} jain={donation.jain} />
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="myDonations.listed"
              values={{ date: format.dateTime(donation.createdAt), quantity: donation.quantity }}
              components={{ v: <span data-user-text /> }}
            />
          </Text>
          <PortionsLeft portions={donation.portions} />
          {donation.portions && donation.portions.waiting > 0 ? (
            <Text size="sm" data-testid="waiting-in-line">
              {t('portions.waiting', { count: donation.portions.waiting })}
            </Text>
          ) : null}
          <HeldForOrganisations until={donation.organisationsOnlyUntil} />
          <PendingLink pending={pendingOf?.(donation) ?? null} />
          {(donation.status === 'AVAILABLE' || donation.status === 'PENDING') && (
            <WithdrawDonationButton donationId={donation.id} foodName={donation.foodName} />
          )}
        </Card>
      ))}
    </Stack>
  );
}

function PendingLink({ pending }: { pending: { count: number; to: string } | null }) {
  const { t } = useTranslation('donations');
  if (!pending || pending.count === 0) return null;
  return (
    <Anchor component={Link} to={pending.to} size="sm" fw={600}>
      {t('requestsWaiting', { count: pending.count })}
    </Anchor>
  );
}
