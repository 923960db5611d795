import type { BrowseDonation } from '@annadaan/contract/donations';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { IconMapPin } from '@tabler/icons-react';
import { useId } from 'react';
import { DietMark } from '../../../components/diet-mark';
import { FoodPhoto } from '../../../components/food-photo';
import { useDistanceAway } from '../../../components/map/distance-away';
import { useFormat } from '../../../lib/locale-format';
import { DonationCountdown } from './donation-countdown';
import { foodCardClasses as classes } from '../../../components/food-card-classes';

/** The browse grid: one card a row on a phone, two from 48em, three from 62em (a bit less, with gaps). */
const CARD_SIZES = '(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw';

/** One donation in the browse grid or the home slider; its name links to its detail page, from anywhere on the card. */
export function DonationCard({ donation, to }: { donation: BrowseDonation; to: string }) {
  const { t } = useTranslation(['donations', 'common']);
  const format = useFormat();
  const distanceAway = useDistanceAway();
  const nameId = useId();
  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="md" shadow="xs" className={`${classes.card} ${classes.linked}`}>
      <Card.Section>
        {/* The card's title names the food, so its picture is decorative here. */}
        <FoodPhoto photo={donation.photo} foodType={donation.foodType} foodName={donation.foodName} sizes={CARD_SIZES} alt="" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} className={classes.title}>
            {/* Covers the whole card (food-card.css); says where it leads, after the name people see. */}
            <Link to={to} className={classes.link} aria-label={t('card.label', { name: donation.foodName })}>
              <span id={nameId} data-user-text>
                {donation.foodName}
              </span>
            </Link>
          </Text>
          <Badge
            color={donation.foodType === 'RAW' ? 'orange' : 'teal'}
            c="dark.8"
            variant="light"
            style={{ flexShrink: 0 }}
          >
            {t(`common:enums.foodType.${donation.foodType}`)}
          </Badge>
        </Group>
        {/* Veg or non-veg is the first question about food in India (issue 16). */}
        <DietMark diet={donation.diet} jain={donation.jain} />
        {/* How far it is and how long it lasts decide whether to go (issues 15 and 18): they come first,
            side by side, wrapping onto two lines on a narrow phone. */}
        <Group gap="xs" wrap="wrap">
          {typeof donation.distanceKm === 'number' ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden="true" />
              <Text size="sm" fw={700} c="green.9">
                {distanceAway(donation.distanceKm)}
              </Text>
            </Group>
          ) : null}
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{t('card.timeLeft')}</Text>
            <DonationCountdown donation={donation} size="sm" fw={700} ff="monospace" data-testid="countdown" />
          </Group>
        </Group>
        {/* A preview: the whole description is one tap away, on the donation's page. */}
        <Text size="sm" c="dimmed" lineClamp={2} data-clip-ok data-user-text>
          {donation.description}
        </Text>
        <Text size="sm">
          <Trans t={t} i18nKey="card.quantity" values={{ quantity: donation.quantity }} components={{ v: <span data-user-text /> }} />
        </Text>
        <Group gap="xs">
          <Badge color={donation.free ? 'green' : 'gray'} c={donation.free ? 'green.9' : 'gray.9'} variant="outline">
            {t('card.free', { answer: donation.free ? t('yes') : t('no') })}
          </Badge>
          {!donation.free && donation.price > 0 && <Text fw={600}>{format.rupees(donation.price)}</Text>}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans t={t} i18nKey="card.location" values={{ location: donation.location }} components={{ v: <span translate="no" /> }} />
        </Text>
        <Text size="sm">{t('card.delivery', { type: t(`common:enums.deliveryType.${donation.deliveryType}`) })}</Text>
        <Text size="sm">
          <Trans t={t} i18nKey="card.donor" values={{ name: donation.donorName }} components={{ v: <span translate="no" /> }} />
        </Text>
      </Stack>
    </Card>
  );
}

