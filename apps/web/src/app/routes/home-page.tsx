import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { useBrowseDonations } from '../../features/donations/api/donations-api';
import { EndingSoonCarousel } from '../../features/donations/components/ending-soon-carousel';
import { usePendingReceived } from '../../features/requests/api/requests-api';
import { FoodFilterControl } from '../../components/food-filter-control';
import { NearMeControl } from '../../components/near-me-control';
import { useFormat } from '../../lib/locale-format';
import { useFoodFilter } from '../../lib/use-food-filter';
import { useNearMe } from '../../lib/use-near-me';
import { useSessionRole } from '../../lib/use-session';
import { paths } from '../paths';

/** The signed-in home: a welcome banner, the ways in, and the donations ending soonest. */
export function HomePage() {
  // The slider's cards read `donations` and `map` (how far): waited for here, before the screen
  // first shows. Asked for only when the cards arrived, the words hid the whole screen behind the
  // page loader for a moment, and a pin code being typed went nowhere.
  const { t } = useTranslation(['landing', 'donations', 'map']);
  const format = useFormat();
  // The slider keeps to "Near me" like Browse (issue 15): near and radius in this page's URL.
  const nearMe = useNearMe();
  const point = nearMe.point;
  // And to Veg only and allergens left out (issue 16), also in this page's URL.
  const food = useFoodFilter();
  const query = useBrowseDonations(
    { sort: 'ENDING_SOON', pageSize: 6, ...food.query, ...(point ? { lat: point.lat, lng: point.lng, radiusKm: nearMe.radiusKm } : {}) },
    { enabled: nearMe.status.kind !== 'resolving' },
  );
  const donations = query.data?.donations ?? [];
  const role = useSessionRole();
  const waiting = usePendingReceived().data?.pending ?? 0;
  const showReceived = role === 'DONOR' || waiting > 0;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Paper p="xl" radius="lg" bg="green.0">
          <Title order={1}>{t('home.welcome')}</Title>
          <Text mt="xs" size="lg">
            {t('home.tagline')}
          </Text>
          <Group mt="md">
            <Button component={Link} to={paths.donate}>
              {t('home.donateFood')}
            </Button>
            <Button component={Link} to={paths.browse} variant="outline">
              {t('home.requestFood')}
            </Button>
            <Button component={Link} to={paths.requestFood} variant="outline">
              {t('home.postFoodNeed')}
            </Button>
          </Group>
        </Paper>
        {showReceived ? (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="received-tile-heading">
            <Group justify="space-between" gap="sm">
              <div>
                <Title order={2} size="h4" id="received-tile-heading">
                  {t('home.receivedTitle')}
                </Title>
                <Text size="sm" data-testid="received-tile-text">
                  {waiting === 0 ? t('home.noneWaiting') : t('home.waiting', { count: waiting, formatted: format.number(waiting) })}
                </Text>
              </div>
              <Button component={Link} to={paths.myReceivedRequests} variant={waiting > 0 ? 'filled' : 'light'}>
                {t('home.receivedRequests')}
                {waiting > 0 ? (
                  <Badge component="span" color="white" c="green.9" size="sm" ml={6} aria-hidden="true">
                    {format.number(waiting)}
                  </Badge>
                ) : null}
              </Button>
            </Group>
          </Paper>
        ) : null}
        <nav aria-label={t('home.more')}>
          <Group gap="sm">
            <Button component={Link} to={paths.myOrders} variant="light">
              {t('home.myOrders')}
            </Button>
            <Button component={Link} to={paths.foodNeeds} variant="light">
              {t('home.foodNeeds')}
            </Button>
            <Button component={Link} to={paths.userDirectory} variant="light">
              {t('home.userDirectory')}
            </Button>
            <Button component={Link} to={paths.dashboard} variant="light">
              {t('home.dashboard')}
            </Button>
          </Group>
        </nav>
        <section aria-labelledby="ending-soon-heading">
          <Group justify="space-between" mb="md">
            <Title order={2} id="ending-soon-heading">
              {t('home.endingSoon')}
            </Title>
            <Button component={Link} to={paths.browse} variant="light">
              {t('home.browseMore')}
            </Button>
          </Group>
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            <NearMeControl nearMe={nearMe} noun={t('home.nearMeNoun')} />
          </div>
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            <FoodFilterControl choice={food.choice} onChange={food.choose} />
          </div>
          {query.isPending ? (
            <Text role="status">{t('home.loading')}</Text>
          ) : query.isError || donations.length === 0 ? (
            // The spec logs slider failures without a message; an empty slider reads the same.
            <Text role="status">{point ? t('home.noneNear', { radius: format.number(nearMe.radiusKm) }) : t('home.none')}</Text>
          ) : (
            <EndingSoonCarousel donations={donations} linkTo={(donation) => paths.requestDonation(donation.id)} />
          )}
        </section>
      </Stack>
    </Container>
  );
}
