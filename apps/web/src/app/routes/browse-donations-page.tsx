import { Anchor, Button, Container, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { extractPinCode } from '@annadaan/contract/pin-code';
import { Suspense, lazy, useId, useState } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { type NewDonationsFilters, browseQueries, useBrowseDonations, useNewDonations, useNewDonationsStart } from '../../features/donations/api/donations-api';
import { type BrowseFilterPatch, readBrowseFilters, writeBrowseFilters } from '../../features/donations/browse-params';
import { BrowseFilters } from '../../features/donations/components/browse-filters';
import { DonationCard } from '../../features/donations/components/donation-card';
import { NextExpiryLine } from '../../features/donations/components/next-expiry-line';
import { Pager } from '../../features/donations/components/pager';
import { FoodFilterControl } from '../../components/food-filter-control';
import { NearMeControl } from '../../components/near-me-control';
import { ViewSwitch } from '../../components/view-switch';
import { foodFilterQuery, readFoodFilter } from '../../lib/food-filter';
import { profileQuery } from '../../lib/profile-api';
import { readNear } from '../../lib/near-me';
import { useFoodFilter } from '../../lib/use-food-filter';
import { useFormat } from '../../lib/locale-format';
import { useNearMe } from '../../lib/use-near-me';
import { useSearchParamsNow } from '../../lib/use-search-params-now';
import { useSessionRole, useSessionToken } from '../../lib/use-session';
import { paths } from '../paths';
import type { RouteData } from '../route-data';
import { EmptyState } from '../../components/empty-state';

/** The alert form loads when a receiver opens it: most visits to Browse never do (issue 18's first load). */
const AlertForm = lazy(async () => ({ default: (await import('../../features/alerts/components/alert-form')).AlertForm }));

/** Leaflet and the map's code load only when someone switches to the map (issue 15). */
const BrowseMap = lazy(() => import('../../features/map/components/browse-map'));

type BrowseView = 'list' | 'map';
/** List or Map, kept in the URL beside the filters so a shared link opens the same view. */
const VIEW_PARAM = 'view';

const PAGE_SIZE = 6;

/**
 * The list as a link names it, with no place to measure from: what the server draws. With "Near
 * me" in the link the place is known only in the browser (a pin code to look up, or its position),
 * so that list is read there.
 */
export const routeData: RouteData = (queryClient, { url }) => {
  const params = url.searchParams;
  if (readNear(params).near !== null || params.get(VIEW_PARAM) === 'map') return Promise.resolve();
  const filters = readBrowseFilters(params);
  const sort = filters.sort === 'NEAREST' ? 'ENDING_SOON' : filters.sort;
  return queryClient.prefetchQuery(
    browseQueries.list({
      foodName: filters.foodName || undefined,
      location: filters.location || undefined,
      foodType: filters.foodType || undefined,
      ...foodFilterQuery(readFoodFilter(params)),
      sort,
      page: filters.page,
      pageSize: PAGE_SIZE,
    }),
  );
};

/**
 * New food that matches the filters, offered as a button instead of reshuffling the list under
 * the person's eyes. The first answer gives the newest id to count from; each later one counts
 * what came after it, every 15 s while the tab is visible (and at once on a live notification).
 *
 * A component of its own, not a hook of the page: its answers arrive right after the page is
 * hydrated and then every 15 s, and each one redraws only this button, not the page's cards and
 * filters (on Browse that redraw was two long tasks after every first load, issue 18).
 */
function NewDonationsButton({ filters, onShow }: { filters: NewDonationsFilters; onShow: () => void }) {
  const { t } = useTranslation('donations');
  const filterKey = JSON.stringify(filters);
  // Moved on each "show them"; a change of filters starts again from the newest id.
  const [shownUpTo, setShownUpTo] = useState<{ key: string; since: number } | null>(null);
  const start = useNewDonationsStart(filters).data?.newest ?? null;
  const since = shownUpTo?.key === filterKey ? shownUpTo.since : start;
  const answer = useNewDonations(filters, since).data;
  const count = since !== null && answer ? answer.count : 0;
  return (
    // Announced when it appears; the list itself changes only when the person asks.
    <div role="status" aria-live="polite">
      {count > 0 ? (
        <Button
          onClick={() => {
            if (answer) setShownUpTo({ key: filterKey, since: answer.newest });
            onShow();
          }}
          variant="filled"
          color="green.9"
        >
          {/* "1 new donation", "3 new donations", "99+ new donations" (the server counts to 100). */}
          {count > 99 ? t('browse.newDonationsMany') : t('browse.newDonations', { count })}
        </Button>
      ) : null}
    </div>
  );
}

export function BrowseDonationsPage() {
  // `map` for the cards' distances, waited for before the screen first shows, not when the cards
  // arrive (that hid the whole screen behind the page loader for a moment).
  const { t } = useTranslation(['donations', 'common', 'map']);
  const format = useFormat();
  const [searchParams, changeSearchParams] = useSearchParamsNow();
  const filters = readBrowseFilters(searchParams);
  const view: BrowseView = searchParams.get(VIEW_PARAM) === 'map' ? 'map' : 'list';
  const signedIn = useSessionToken() !== null;
  // Signed in, Browse opens on the person's own area: the pin code in their profile (issue 29).
  const profile = useQuery({ ...profileQuery(), enabled: signedIn });
  const nearMe = useNearMe({
    home: signedIn ? { pending: profile.isPending, pin: profile.data ? extractPinCode(profile.data.location) : null } : undefined,
  });
  const point = nearMe.point;
  // The own area measures and orders but hides nothing: food far away, or without a point (the
  // map pin is optional), comes after the near. A place the person chooses keeps to its radius.
  const radiusKm = point && !nearMe.atHome ? nearMe.radiusKm : undefined;
  // Veg only and allergens left out (issue 16), in the URL beside the other filters.
  const food = useFoodFilter();
  // With a place, the nearest come first unless the link chose an order; a shared link may say
  // NEAREST, and without a place to measure from it falls back to the spec's default.
  const sortChosen = searchParams.has('sort');
  const sort = !point ? (filters.sort === 'NEAREST' ? 'ENDING_SOON' : filters.sort) : sortChosen ? filters.sort : 'NEAREST';
  // Closed until asked for, except while the place needs the person: a link's place that failed
  // or a "near me" waiting for this browser's position says so in the panel (null: not yet asked).
  const [filtersChosen, setFiltersOpen] = useState<boolean | null>(null);
  const filtersOpen = filtersChosen ?? (nearMe.status.kind === 'failed' || nearMe.status.kind === 'needs-position');
  const panelId = useId();
  // What the Filters button counts: the choices its panel holds that are not the defaults.
  const filtersOn = (filters.location ? 1 : 0) + (filters.foodType ? 1 : 0) + (sortChosen ? 1 : 0) + (food.choice.excludeAllergens.length > 0 ? 1 : 0);

  const query = useBrowseDonations(
    {
      foodName: filters.foodName || undefined,
      location: filters.location || undefined,
      foodType: filters.foodType || undefined,
      ...food.query,
      sort,
      // The reference point comes from the pin code or this browser; only "near=me" or the pin
      // code is in the URL, never a position.
      ...(point ? { lat: point.lat, lng: point.lng, radiusKm } : {}),
      page: filters.page,
      pageSize: PAGE_SIZE,
    },
    // While the place is being found the list waits, so it loads once and for that place.
    { enabled: nearMe.status.kind !== 'resolving' },
  );

  const setView = (next: BrowseView) =>
    changeSearchParams((now) => {
      if (next === 'map') now.set(VIEW_PARAM, 'map');
      else now.delete(VIEW_PARAM);
      return now;
    });

  const queryClient = useQueryClient();
  const role = useSessionRole();
  const [alertFormOpen, setAlertFormOpen] = useState(false);
  const newFoodFilters: NewDonationsFilters = {
    foodName: filters.foodName || undefined,
    location: filters.location || undefined,
    foodType: filters.foodType || undefined,
    ...food.query,
    // Near me on: only new food inside the radius is announced.
    ...(point ? { lat: point.lat, lng: point.lng, radiusKm } : {}),
  };
  const loadNew = () => void queryClient.invalidateQueries({ queryKey: [...browseQueries.all, 'list'] });

  // The typed words may have been written a moment ago, after this render (lib/use-search-params-now).
  // With a place the default order is Nearest, so choosing the spec's default is written out.
  const update = (patch: BrowseFilterPatch) =>
    changeSearchParams(
      (now) => {
        const next = writeBrowseFilters(now, patch);
        if (patch.sort === 'ENDING_SOON' && point) next.set('sort', 'ENDING_SOON');
        return next;
      },
      { replace: patch.page === undefined },
    );

  // The spec's "Showing: ..." line, made true (issue 29): it names the place and radius in force.
  const showing = filters.foodType ? t('browse.showingType', { type: t(`common:enums.foodType.${filters.foodType}`) }) : t('browse.showingAll');
  const radius = t('common:radius', { km: nearMe.radiusKm });
  // The place is a name from the pin-code data (in English), not the app's words: marked so.
  const place = { place: <span translate="no" /> };
  const showingLine =
    nearMe.status.kind === 'ready' ? (
      nearMe.atHome ? (
        <Trans t={t} i18nKey="browse.showingNearHome" values={{ showing, place: nearMe.status.label }} components={place} />
      ) : (
        <Trans t={t} i18nKey="browse.showingNear" values={{ showing, radius, place: nearMe.status.label }} components={place} />
      )
    ) : (
      showing
    );

  const donations = query.data?.donations ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.ceil(total / PAGE_SIZE);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 32 }}>
            {t('browse.title')}
          </Title>
          <Text c="dimmed" size="sm" data-testid="browse-showing">
            {showingLine}
            {sort === 'NEAREST' && point && !nearMe.atHome ? ` ${t('browse.nearestFirst')}` : null}
          </Text>
        </div>
        <NextExpiryLine donations={donations} />
        <BrowseFilters
          values={{ ...filters, sort }}
          onChange={update}
          canSortByDistance={point !== null}
          barEnd={
            <Button
              variant={filtersOpen ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen(!filtersOpen)}
              style={{ flexShrink: 0 }}
            >
              {filtersOn > 0 ? t('browse.filtersCount', { count: filtersOn }) : t('browse.filters')}
            </Button>
          }
          panel={{
            open: filtersOpen,
            id: panelId,
            before: <NearMeControl nearMe={nearMe} noun={t('browse.nearMeNoun')} />,
            after: <FoodFilterControl choice={food.choice} onChange={food.choose} withVeg={false} />,
          }}
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          {/* Veg or non-veg is the first question about food in India: one tap, in the bar (issue 16). */}
          <Switch
            label={t('common:foodFilter.vegOnly')}
            checked={food.choice.vegOnly}
            onChange={(event) => food.choose({ vegOnly: event.currentTarget.checked })}
            color="green.9"
          />
          <ViewSwitch
            label={t('browse.showAs')}
            options={[
              { value: 'list', label: t('browse.list') },
              { value: 'map', label: t('browse.map') },
            ]}
            value={view}
            onChange={setView}
          />
        </Group>
        <NewDonationsButton filters={newFoodFilters} onShow={loadNew} />
        {view === 'map' ? (
          <Suspense fallback={<Skeleton height={440} radius="md" aria-hidden="true" />}>
            <BrowseMap
              centre={point}
              centreLabel={nearMe.status.kind === 'ready' ? nearMe.status.label : ''}
              radiusKm={radiusKm ?? null}
              canShowNeeds={signedIn}
              foodQuery={food.query}
              detailPath={paths.requestDonation}
            />
          </Suspense>
        ) : null}
        {nearMe.status.kind === 'resolving' ? (
          <Text role="status">{t('browse.findingPlace')}</Text>
        ) : query.isPending ? (
          <Text role="status">{t('browse.loading')}</Text>
        ) : query.isError ? (
          <Text role="alert" c="red.8">
            {t('browse.loadFailed')}
          </Text>
        ) : donations.length === 0 ? (
          <EmptyState
            role="status"
            message={radiusKm !== undefined ? t('browse.noneWithin', { radius: format.number(radiusKm) }) : t('browse.none')}
            action={{ kind: 'postNeed', to: paths.requestFood }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" aria-busy={query.isFetching}>
            {donations.map((donation, index) => (
              <DonationCard key={donation.id} donation={donation} to={paths.requestDonation(donation.id)} eager={index === 0} />
            ))}
          </SimpleGrid>
        )}
        <Pager
          page={filters.page}
          pageCount={pageCount}
          onPage={(page) => {
            update({ page });
            // The pager sits below the grid; the new page starts at the top.
            window.scrollTo({ top: 0 });
          }}
        />
        {role === 'RECEIVER' ? (
          // Below the cards, beside "not finding what you need": quiet, for when the list has nothing yet.
          <div>
            <Group gap="sm" wrap="wrap">
              <Button variant="subtle" onClick={() => setAlertFormOpen((open) => !open)} aria-expanded={alertFormOpen}>
                {t('browse.alertMe')}
              </Button>
              <Anchor component={Link} to={paths.foodAlerts} size="sm">
                {t('browse.myAlerts')}
              </Anchor>
            </Group>
            {alertFormOpen ? (
              <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
                <Suspense fallback={<Skeleton height={160} aria-hidden="true" />}>
                  <AlertForm onSaved={() => setAlertFormOpen(false)} />
                </Suspense>
              </div>
            ) : null}
          </div>
        ) : null}
        {/* Where a receiver who did not find what they need looks next (issue 11). */}
        <Text size="sm">
          <Trans t={t} i18nKey="browse.notFinding" components={{ postlink: <Anchor component={Link} to={paths.requestFood} /> }} />
        </Text>
      </Stack>
    </Container>
  );
}
