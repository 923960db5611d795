import { Anchor, Badge, Button, Card, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { useBrowseDonations } from '../../features/donations/api/donations-api';
import { EndingSoonCarousel } from '../../features/donations/components/ending-soon-carousel';
import { useMyDonations } from '../../features/donations/api/donations-api';
import { MyDonationsList } from '../../features/donations/components/my-donations-list';
import { VerifyPhoneCard } from '../../features/notifications/components/verify-phone-card';
import { usePendingReceived, useSentRequests } from '../../features/requests/api/requests-api';
import { OrderCard } from '../../features/requests/components/order-card';
import { RequestStatusBadge } from '../../features/requests/components/request-status-badge';
import { FoodFilterControl } from '../../components/food-filter-control';
import { NearMeControl } from '../../components/near-me-control';
import { useFormat } from '../../lib/locale-format';
import { useFoodFilter } from '../../lib/use-food-filter';
import { useNearMe } from '../../lib/use-near-me';
import { useSessionRole } from '../../lib/use-session';
import { paths } from '../paths';

/** How many of a donor's open listings Home shows before "All your donations". */
const HOME_LISTINGS = 3;

/**
 * A receiver's requests still under way (issue 29): accepted ones as the full pickup card (address,
 * map, directions, code), then those waiting for the donor's answer, one line each.
 */
function MyPickups() {
  const { t } = useTranslation(['landing', 'requests']);
  const sent = useSentRequests();
  const items = sent.data?.items ?? [];
  const accepted = items.filter((request) => request.status === 'AWAITING_PICKUP');
  const waiting = items.filter((request) => request.status === 'PENDING');
  if (accepted.length === 0 && waiting.length === 0) return null;
  return (
    <section aria-labelledby="pickups-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="pickups-heading">
          {t('home.pickupsTitle')}
        </Title>
        <Anchor component={Link} to={paths.myOrders}>
          {t('home.allOrders')}
        </Anchor>
      </Group>
      <Stack gap="sm">
        {accepted.map((request) => (
          <OrderCard key={request.id} request={request} mode="collected" donationPath={paths.requestDonation(request.donationId)} />
        ))}
        {waiting.map((request) => (
          <Card key={request.id} withBorder padding="sm" component="article" aria-label={request.foodName}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={paths.requestDonation(request.donationId)} fw={700} data-user-text>
                {request.foodName}
              </Anchor>
              <RequestStatusBadge status={request.status} />
            </Group>
            <Text size="sm">{t('home.waitingForDonor')}</Text>
          </Card>
        ))}
      </Stack>
    </section>
  );
}

/** A donor's open listings first, each with the requests waiting on it (issue 29). */
function MyListings() {
  const { t } = useTranslation(['landing', 'donations']);
  const donations = useMyDonations();
  const pending = usePendingReceived();
  if (donations.isPending || donations.isError) return null;
  const open = donations.data.items.filter((donation) => donation.status === 'AVAILABLE' || donation.status === 'PENDING').slice(0, HOME_LISTINGS);
  // Nothing open: the banner's Donate Food is the way on (the list's own empty state would repeat it).
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="listings-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="listings-heading">
          {t('home.listingsTitle')}
        </Title>
        <Anchor component={Link} to={paths.myReceivedRequests}>
          {t('home.allListings')}
        </Anchor>
      </Group>
      <MyDonationsList
        donations={open}
        linkTo={(donation) => paths.requestDonation(donation.id)}
        pendingOf={(donation) => {
          const count = pending.data?.donations.find((entry) => entry.donationId === donation.id)?.pending ?? 0;
          return count > 0 ? { count, to: paths.receivedRequestsFor(donation.id) } : null;
        }}
      />
    </section>
  );
}

/**
 * The signed-in home (issue 29: it leads with the person's next step and their food). A donor:
 * the requests waiting on their food and their open listings; anyone else: their pickups and the
 * food near them. The spec's welcome banner, ways in and ending-soon slider stay.
 */
export function HomePage() {
  // The slider's cards read `donations` and `map` (how far): waited for here, before the screen
  // first shows. Asked for only when the cards arrived, the words hid the whole screen behind the
  // page loader for a moment, and a pin code being typed went nowhere.
  const { t } = useTranslation(['landing', 'donations', 'map', 'requests', 'notifications']);
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
  const donor = role === 'DONOR';

  const endingSoon = (
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
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {/* Compact on a phone (global.css), so a receiver's pickup starts on the first screen. */}
        <Paper radius="lg" bg="green.0" className="home-welcome">
          <Title order={1}>{t('home.welcome')}</Title>
          <Text mt="xs" className="home-welcome-tagline">
            {t('home.tagline')}
          </Text>
          {/* One filled button, the person's own next step: a donor lists food, anyone else finds it. */}
          <Group mt="md" gap="xs">
            {donor ? (
              <>
                <Button component={Link} to={paths.donate}>
                  {t('home.donateFood')}
                </Button>
                <Button component={Link} to={paths.browse} variant="outline">
                  {t('home.requestFood')}
                </Button>
              </>
            ) : (
              <>
                <Button component={Link} to={paths.browse}>
                  {t('home.requestFood')}
                </Button>
                <Button component={Link} to={paths.donate} variant="outline">
                  {t('home.donateFood')}
                </Button>
              </>
            )}
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
        {donor ? <MyListings /> : null}
        <MyPickups />
        {/* After the person's own food and pickups, which lead on a phone's first screen (issue 29). */}
        <VerifyPhoneCard />
        {donor ? null : endingSoon}
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
            <Button component={Link} to={paths.volunteer} variant="light">
              {t('home.volunteer')}
            </Button>
          </Group>
        </nav>
        {donor ? endingSoon : null}
      </Stack>
    </Container>
  );
}
