import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import { Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DietMark } from '../../../components/diet-mark';
import { FoodFilterControl } from '../../../components/food-filter-control';
import { LoadMore } from '../../../components/load-more';
import { NearMeControl } from '../../../components/near-me-control';
import { formatDateTime, formatDistanceAway } from '../../../lib/format';
import { useFoodFilter } from '../../../lib/use-food-filter';
import { useNearMe } from '../../../lib/use-near-me';
import { openFoodNeedsQuery } from '../api/food-needs-api';

function NeedCard({ need, actions }: { need: OpenFoodRequest; actions?: ReactNode }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={`${need.foodType || 'Pre-cooked food'} for ${need.numberOfPeople}`}>
      <Stack gap={6}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {need.foodType || 'Pre-cooked food'} for {need.numberOfPeople} {need.numberOfPeople === 1 ? 'person' : 'people'}
        </Text>
        <DietMark diet={need.diet} />
        {typeof need.distanceKm === 'number' ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} color="var(--mantine-color-orange-9)" aria-hidden="true" />
            <Text size="sm" fw={700}>
              {formatDistanceAway(need.distanceKm)}
            </Text>
          </Group>
        ) : null}
        {need.alternativeFood ? <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Or: {need.alternativeFood}</Text> : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Location: {need.location}
        </Text>
        <Text size="sm">
          Needed from {formatDateTime(need.requestedTime)}, open until {formatDateTime(need.requestExpiryTime)}
        </Text>
        <Text size="sm">Posted by: {need.requesterName}</Text>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Card>
  );
}

/**
 * Open food needs for people signed in (issue 15): a donor with food looks here for who needs it
 * nearby. "Near me" limits the list to a radius and orders it by distance.
 */
export function OpenFoodNeedsPage({ cardActions }: { cardActions?: (need: OpenFoodRequest) => ReactNode } = {}) {
  const nearMe = useNearMe();
  const near = nearMe.point ? { ...nearMe.point, radiusKm: nearMe.radiusKm } : null;
  // Needs state a diet, not allergens: "Veg only" alone, kept in the URL (issue 16).
  const food = useFoodFilter();
  const query = useInfiniteQuery({ ...openFoodNeedsQuery(near, food.query.diet), enabled: nearMe.status.kind !== 'resolving' });
  const needs = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>Food needs</Title>
          <Text c="dimmed">What people near you need. Cook or set aside food for them, then list it with Donate.</Text>
        </div>
        <NearMeControl nearMe={nearMe} noun="food needs" />
        <FoodFilterControl choice={food.choice} onChange={food.choose} withAllergens={false} />
        {query.isPending ? (
          <Text role="status">Loading food needs...</Text>
        ) : query.isError ? (
          <Text role="alert" c="red.8">
            Could not load food needs. Check your connection and try again.
          </Text>
        ) : needs.length === 0 ? (
          <Text role="status">{near ? `No open food needs within ${near.radiusKm} km.` : 'No open food needs.'}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {needs.map((need) => (
              <NeedCard key={need.id} need={need} actions={cardActions?.(need)} />
            ))}
          </SimpleGrid>
        )}
        <LoadMore
          shown={needs.length}
          total={total}
          noun="food needs"
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </Stack>
    </Container>
  );
}
