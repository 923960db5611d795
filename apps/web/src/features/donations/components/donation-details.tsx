import { snapToGrid } from '@annadaan/contract/area';
import type { Donation } from '@annadaan/contract/donations';
import { parseGeolocation } from '@annadaan/contract/geolocation';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Anchor, Badge, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { directionsUrl } from '../../../components/map/area-map-view';
import { useDistanceAway } from '../../../components/map/distance-away';
import { LazyAreaMap } from '../../../components/map/lazy-maps';
import { badgeTextColor } from '../../../components/status-badge-color';
import { useFormat } from '../../../lib/locale-format';
import { FoodPhoto } from '../../../components/food-photo';
import { DonationCountdown } from './donation-countdown';
import { donationSecondsLeft } from './donation-time';
import { useFromNow } from '../../../lib/use-now';
import { DietMark } from '../../../components/diet-mark';
import { OrganisationBadge } from '../../../components/organisation-badge';
import { HeldForOrganisations, PortionsLeft } from '../../../components/portions-left';
import { foodFactsRows } from './food-facts-rows';
import { donationStatusColor } from './labels';

/**
 * The detail page's map (issue 15). `geolocation` is the exact point for the donor and the
 * receiver awaiting pickup (they also get `pickupAddress`, decision 015) and the ~500 m cell's
 * centre for everyone else; the area circle is drawn around the cell either way.
 */
function DonationMap({ donation }: { donation: Donation }) {
  const { t } = useTranslation('donations');
  const point = parseGeolocation(donation.geolocation);
  if (!point) return null;
  const exact = donation.pickupAddress !== null ? { lat: point.latitude, lng: point.longitude } : null;
  const area = { lat: snapToGrid(point.latitude), lng: snapToGrid(point.longitude) };
  return (
    <Stack gap="xs">
      <LazyAreaMap area={area} exact={exact} areaName={donation.area} />
      {exact ? (
        <Anchor href={directionsUrl(exact)} target="_blank" rel="noopener noreferrer" fw={600}>
          <Group gap={4} component="span" wrap="nowrap">
            {t('details.directions')}
            <IconExternalLink size={16} aria-hidden="true" />
            <VisuallyHidden> {t('details.newTab')}</VisuallyHidden>
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * Everything the detail page shows about one donation (spec section 2, request donation detail),
 * led by what the card led with (issue 29): how far (`distanceKm`, the card's, when it opened this
 * page), how long, and "Free" or the price.
 */
export function DonationDetails({ donation, distanceKm = null }: { donation: Donation; distanceKm?: number | null }) {
  const { t } = useTranslation(['donations', 'common', 'map']);
  const format = useFormat();
  const distanceAway = useDistanceAway();
  const priced = !donation.free && donation.price > 0;
  const expired = useFromNow((now) => donationSecondsLeft(donation, now) <= 0);
  const rows: Array<[string, ReactNode]> = [
    [
      t('details.description'),
      <span key="description" data-user-text>
        {donation.description}
      </span>,
    ],
    [
      t('details.quantity'),
      <span key="quantity" data-user-text>
        {donation.quantity}
      </span>,
    ],
    [t('details.foodType'), t(`common:enums.foodType.${donation.foodType}`)],
    ...foodFactsRows(donation, t),
    [
      t('details.location'),
      <Stack key="location" gap={2}>
        <span translate="no">{donation.location}</span>
        <Text size="xs" c="dimmed">
          {donation.pickupAddress !== null ? t('details.fullAddressNote') : t('details.areaOnlyNote')}
        </Text>
      </Stack>,
    ],
    [t('details.deliveryType'), t(`common:enums.deliveryType.${donation.deliveryType}`)],
    [t('details.free'), donation.free ? t('yes') : t('no')],
    ...(!donation.free && donation.price > 0 ? ([[t('details.price'), format.rupees(donation.price)]] as Array<[string, ReactNode]>) : []),
    [
      t('details.donor'),
      <span key="donor">
        <span translate="no">{donation.donorName}</span>
        {donation.organisation ? (
          <>
            <br />
            <OrganisationBadge organisation={donation.organisation} />
          </>
        ) : null}
      </span>,
    ],
    [
      t('details.status'),
      <Badge key="status" color={donationStatusColor(donation.status)} c={badgeTextColor(donationStatusColor(donation.status))} variant="light">
        {t(`common:enums.donationStatus.${donation.status}`)}
      </Badge>,
    ],
    ...(donation.status === 'AVAILABLE'
      ? ([[t('details.timeLeft'), <DonationCountdown key="left" donation={donation} fw={700} className="food-card-countdown" />]] as Array<[string, ReactNode]>)
      : []),
  ];

  return (
    <Stack gap="md">
      {/* The page's first picture, above the fold: loaded at once rather than lazily. */}
      <FoodPhoto
        photo={donation.photo}
        foodType={donation.foodType}
        foodName={donation.foodName}
        // Container size "sm": 720 px less its padding.
        sizes="(min-width: 45em) 688px, 100vw"
        alt={t('details.photoOf', { name: donation.foodName })}
        eager
        radius="var(--mantine-radius-md)"
        maxHeight={360}
      />
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={1} fz={{ base: 26, sm: 34 }} data-user-text style={{ overflowWrap: 'anywhere' }}>
            {donation.foodName}
          </Title>
          <Badge color={priced ? 'gray' : 'green'} c={priced ? 'dark.8' : 'green.9'} variant="light" tt="none" size="lg" mt={6}>
            {priced ? format.rupees(donation.price) : t('card.freeBadge')}
          </Badge>
        </Group>
        <Group gap="md" wrap="wrap" data-testid="detail-summary">
          {distanceKm !== null ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={18} aria-hidden="true" />
              <Text fw={700} c="green.9">
                {distanceAway(distanceKm)}
              </Text>
            </Group>
          ) : null}
          {donation.status === 'AVAILABLE' ? (
            <Group gap={4} wrap="nowrap">
              <IconClock size={18} aria-hidden="true" />
              <DonationCountdown donation={donation} fw={700} className="food-card-countdown" />
              {expired ? null : <Text>{t('card.left')}</Text>}
            </Group>
          ) : null}
          <DietMark diet={donation.diet} jain={donation.jain} />
        </Group>
        {/* Issue 33: what is left of food shared in portions, and the hold for verified organisations. */}
        <PortionsLeft portions={donation.portions} size="md" />
        <HeldForOrganisations until={donation.organisationsOnlyUntil} size="md" />
      </Stack>
      <DonationMap donation={donation} />
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{label}</Table.Th>
              <Table.Td>
                <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
