import type { BrowseDonation } from '@annadaan/contract/donations';
import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconMapPin } from '@tabler/icons-react';
import { DietMark } from '../../../components/diet-mark';
import { formatDistanceAway, formatRupees } from '../../../lib/format';
import { DonationCountdown } from './donation-countdown';
import { deliveryTypeLabels, foodTypeLabels } from './labels';
import classes from './donation-card.module.css';

const PLACEHOLDER = '/food-placeholder.svg';

/** One donation in the browse grid or the home slider; the whole card links to its detail page. */
export function DonationCard({ donation, to }: { donation: BrowseDonation; to: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="md" className={classes.card} aria-label={`${donation.foodName}, view details`}>
      <Card.Section>
        <Image
          src={donation.imageUrl || PLACEHOLDER}
          alt=""
          h={160}
          fit="cover"
          loading="lazy"
          decoding="async"
          fallbackSrc={PLACEHOLDER}
        />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {donation.foodName}
          </Text>
          <Badge
            color={donation.foodType === 'RAW' ? 'orange' : 'teal'}
            c="dark.8"
            variant="light"
            style={{ flexShrink: 0 }}
          >
            {foodTypeLabels[donation.foodType] ?? donation.foodType}
          </Badge>
        </Group>
        {/* Veg or non-veg is the first question about food in India (issue 16). */}
        <DietMark diet={donation.diet} jain={donation.jain} />
        {/* How far it is comes first once "Near me" has a place (issue 15). */}
        {typeof donation.distanceKm === 'number' ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden="true" />
            <Text size="sm" fw={700} c="green.9">
              {formatDistanceAway(donation.distanceKm)}
            </Text>
          </Group>
        ) : null}
        {/* A preview: the whole description is one tap away, on the donation's page. */}
        <Text size="sm" c="dimmed" lineClamp={2} data-clip-ok>
          {donation.description}
        </Text>
        <Text size="sm">Quantity: {donation.quantity}</Text>
        <Group gap="xs">
          <Badge color={donation.free ? 'green' : 'gray'} c={donation.free ? 'green.9' : 'gray.9'} variant="outline">
            Free: {donation.free ? 'Yes' : 'No'}
          </Badge>
          {!donation.free && donation.price > 0 && <Text fw={600}>{formatRupees(donation.price)}</Text>}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Location: {donation.location}
        </Text>
        <Text size="sm">Delivery: {deliveryTypeLabels[donation.deliveryType] ?? donation.deliveryType}</Text>
        <Text size="sm">Donor: {donation.donorName}</Text>
        <Group gap={4}>
          <Text size="sm">Time left:</Text>
          <DonationCountdown donation={donation} size="sm" fw={700} ff="monospace" data-testid="countdown" />
        </Group>
      </Stack>
    </Card>
  );
}

