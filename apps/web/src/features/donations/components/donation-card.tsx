import type { BrowseDonation } from '@annadaan/contract/donations';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { useId } from 'react';
import { DietMark } from '../../../components/diet-mark';
import { OrganisationBadge } from '../../../components/organisation-badge';
import { HeldForOrganisations, PortionsLeft } from '../../../components/portions-left';
import { FoodPhoto } from '../../../components/food-photo';
import { useDistanceAway } from '../../../components/map/distance-away';
import { useFormat } from '../../../lib/locale-format';
import { useFromNow } from '../../../lib/use-now';
import { DonationCountdown } from './donation-countdown';
import { donationSecondsLeft } from './donation-time';
import { foodCardClasses as classes } from '../../../components/food-card-classes';

/** The browse grid: one card a row on a phone, two from 48em, three from 62em (a bit less, with gaps). */
const CARD_SIZES = '(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw';

/** What a card hands the donation's page as it opens it: the distance it showed (issue 29). */
export interface DonationLinkState {
  distanceKm?: number;
}

/** "03:59:12 left", or the spec's "Expired" alone once it has. */
function TimeLeftLine({ donation }: { donation: BrowseDonation }) {
  const { t } = useTranslation('donations');
  const expired = useFromNow((now) => donationSecondsLeft(donation, now) <= 0);
  return (
    <Group gap={4} wrap="nowrap">
      <IconClock size={16} aria-hidden="true" />
      <DonationCountdown donation={donation} size="sm" fw={700} className="food-card-countdown" data-testid="countdown" />
      {expired ? null : <Text size="sm">{t('card.left')}</Text>}
    </Group>
  );
}

/**
 * One donation in the browse grid or the home slider, photo first (issue 29): the photo or its
 * kind's drawing, the food's name with "Free" or its price, how far and how long, then one line
 * of facts and one of place and donor (the spec's card fields, without "Label:" before each).
 * Its name links to its detail page, from anywhere on the card. `eager` for the first card of a
 * list: its picture is the phone's largest paint, fetched at once and first, not lazily.
 */
export function DonationCard({ donation, to, eager = false }: { donation: BrowseDonation; to: string; eager?: boolean }) {
  const { t } = useTranslation(['donations', 'common']);
  const format = useFormat();
  const distanceAway = useDistanceAway();
  const nameId = useId();
  const distanceKm = typeof donation.distanceKm === 'number' ? donation.distanceKm : null;
  const linkState: DonationLinkState = distanceKm === null ? {} : { distanceKm };
  // The spec's free yes/no badge, said as people say it: "Free", or the price (issue 29).
  const priced = !donation.free && donation.price > 0;
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="md" shadow="xs" className={`${classes.card} ${classes.linked}`}>
      <Card.Section>
        {/* The card's title names the food, so its picture is decorative here. */}
        <FoodPhoto photo={donation.photo} foodType={donation.foodType} foodName={donation.foodName} sizes={CARD_SIZES} alt="" eager={eager} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg" className={classes.title}>
            {/* Covers the whole card (food-card.css); says where it leads, after the name people see. */}
            <Link to={to} state={linkState} className={classes.link} aria-label={t('card.label', { name: donation.foodName })}>
              <span id={nameId} data-user-text>
                {donation.foodName}
              </span>
            </Link>
          </Text>
          <Badge color={priced ? 'gray' : 'green'} c={priced ? 'dark.8' : 'green.9'} variant="light" tt="none" size="lg" data-testid="price">
            {priced ? format.rupees(donation.price) : t('card.freeBadge')}
          </Badge>
        </Group>
        {/* How far it is and how long it lasts decide whether to go (issues 15, 18 and 29): they come
            first, side by side, wrapping onto two lines on a narrow phone. */}
        <Group gap="md" wrap="wrap">
          {distanceKm !== null ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden="true" />
              <Text size="sm" fw={700} c="green.9">
                {distanceAway(distanceKm)}
              </Text>
            </Group>
          ) : null}
          <TimeLeftLine donation={donation} />
        </Group>
        {/* Issue 33: food shared in portions says what is left, and a hold for organisations until when. */}
        <PortionsLeft portions={donation.portions} />
        <HeldForOrganisations until={donation.organisationsOnlyUntil} />
        {/* One line of facts: the diet first (the first question about food in India, issue 16). */}
        <Text size="sm" component="div">
          <DietMark diet={donation.diet} jain={donation.jain} /> · {t(`common:enums.foodType.${donation.foodType}`)} ·{' '}
          <span data-user-text>{donation.quantity}</span> · {t(`common:enums.deliveryType.${donation.deliveryType}`)}
        </Text>
        {/* A preview: the whole description is one tap away, on the donation's page. */}
        <Text size="sm" c="dimmed" lineClamp={2} data-clip-ok data-user-text>
          {donation.description}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <span translate="no">{donation.location}</span> ·{' '}
          <Trans t={t} i18nKey="card.donorBy" values={{ name: donation.donorName }} components={{ v: <span translate="no" /> }} />
        </Text>
        <OrganisationBadge organisation={donation.organisation} linked={false} />
      </Stack>
    </Card>
  );
}
