import type { OpenFoodRequest } from '@annadaan/contract/food-requests';
import { Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { DietMark } from '../../../components/diet-mark';
import { FoodFilterControl } from '../../../components/food-filter-control';
import { LoadMore } from '../../../components/load-more';
import { NearMeControl } from '../../../components/near-me-control';
import { useFormat } from '../../../lib/locale-format';
import { useFoodFilter } from '../../../lib/use-food-filter';
import { useNearMe } from '../../../lib/use-near-me';
import { openFoodNeedsQuery } from '../api/food-needs-api';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { foodCardClasses as classes } from '../../../components/food-card-classes';

function NeedCard({ need, actions }: { need: OpenFoodRequest; actions?: ReactNode }) {
  const { t } = useTranslation('foodNeeds');
  const format = useFormat();
  const food = need.foodType || t('card.precooked');
  const people = { count: need.numberOfPeople, formatted: format.number(need.numberOfPeople), food };
  // The receiver's own words (the food, the place, the name) marked as theirs, not the app's.
  const words = { v: <span data-user-text />, n: <span translate="no" /> };
  return (
    <Card withBorder radius="md" padding="md" shadow="xs" component="article" className={classes.card} aria-label={t('card.label', people)}>
      <Stack gap={6}>
        {/* The donation card's header: the name on the left, a badge saying what it is on the right. */}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} className={classes.title}>
            <Trans t={t} i18nKey="card.heading" count={people.count} values={people} components={words} />
          </Text>
          <Badge color="orange" c="dark.8" variant="light" style={{ flexShrink: 0 }}>
            {t('card.badge')}
          </Badge>
        </Group>
        <DietMark diet={need.diet} />
        {typeof need.distanceKm === 'number' ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} color="var(--mantine-color-orange-9)" aria-hidden="true" />
            <Text size="sm" fw={700}>
              {Number.isFinite(need.distanceKm) && need.distanceKm >= 0.05
                ? t('card.distance', { distance: format.oneDecimal(need.distanceKm) })
                : t('card.distanceUnder')}
            </Text>
          </Group>
        ) : null}
        {need.alternativeFood ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Trans t={t} i18nKey="card.alternative" values={{ food: need.alternativeFood }} components={words} />
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans t={t} i18nKey="card.location" values={{ location: need.location }} components={words} />
        </Text>
        <Text size="sm">{t('card.times', { from: format.dateTime(need.requestedTime), until: format.dateTime(need.requestExpiryTime) })}</Text>
        <Text size="sm">
          <Trans t={t} i18nKey="card.postedBy" values={{ name: need.requesterName }} components={words} />
        </Text>
        <Anchor component={Link} to={paths.foodNeed(need.id)} size="sm" aria-label={t('page.shareLinkFor', people)}>
          {t('page.shareLink')}
        </Anchor>
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
  const { t } = useTranslation('foodNeeds');
  const format = useFormat();
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
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <NearMeControl nearMe={nearMe} noun={t('list.nearMeNoun')} />
        <FoodFilterControl choice={food.choice} onChange={food.choose} withAllergens={false} />
        {query.isPending ? (
          <Text role="status">{t('list.loading')}</Text>
        ) : query.isError ? (
          <Text role="alert" c="red.8">
            {t('list.failed')}
          </Text>
        ) : needs.length === 0 ? (
          <EmptyState
            role="status"
            message={near ? t('list.noneNear', { radius: format.number(near.radiusKm) }) : t('list.none')}
            action={{ kind: 'postNeed', to: paths.requestFood }}
          />
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
          noun={t('list.loadMoreNoun')}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </Stack>
    </Container>
  );
}
