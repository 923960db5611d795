import '@mantine/charts/styles.css';
import { STATISTICS_LAST_YEAR, StatisticsRegion } from '@annadaan/contract/statistics-figures';
import { Alert, Button, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { profileQuery } from '../../../lib/profile-api';
import { statisticsQueries } from '../../../lib/statistics-api';
import { dashboardQueries } from '../api/dashboard-api';
import { AchievementsTab } from './achievements-tab';
import { ActivitiesTab } from './activities-tab';
import { AnalyticsTab } from './analytics-tab';
import { AvailableDonationsTab } from './available-donations-tab';
import { FoodRequestsTab } from './food-requests-tab';
import { GlobalImpactTab } from './global-impact-tab';
import { OverviewTab } from './overview-tab';
import { RatingStatsTab } from './rating-stats-tab';
import { TopDonorsTab } from './top-donors-tab';

/** The nine tabs, in the spec's order; the value is what ?tab= holds, and names the label in the catalog (`tabs.*`). */
const TABS = [
  'overview',
  'analytics',
  'activities',
  'achievements',
  'rating-stats',
  'food-requests',
  'global-impact',
  'top-donors',
  'available-donations',
] as const;
type TabValue = (typeof TABS)[number];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab === value);

/** The current year while the data file has it, else its latest year (the file ends in 2025). */
const GLOBAL_IMPACT_YEAR = Math.min(new Date().getFullYear(), STATISTICS_LAST_YEAR);

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: TabValue = isTab(tabParam) ? tabParam : 'overview';

  // The main data, loaded together (spec section 7); any failure fails the dashboard.
  const main = useQueries({
    queries: [
      profileQuery(),
      dashboardQueries.summary(),
      dashboardQueries.monthlyDonations(),
      dashboardQueries.monthlyFoodRequests(),
      dashboardQueries.myDonations(),
      dashboardQueries.sentRequests(),
    ],
  });
  const [profile, summary, monthlyDonations, monthlyFoodRequests, myDonations, sentRequests] = main;
  const mainFailed = main.some((query) => query.isError);

  // The extra data: a failure is logged and its tab shows its empty text (spec section 8).
  const ratings = useQuery(dashboardQueries.ratings());
  const ratingStatistics = useQuery(dashboardQueries.ratingStatistics());
  const foodRequests = useQuery(dashboardQueries.myFoodRequests());
  const globalStats = useQuery(statisticsQueries.summary(StatisticsRegion.INDIA, GLOBAL_IMPACT_YEAR));
  const topDonors = useQuery(dashboardQueries.topDonors());
  const pendingReceived = useQuery(dashboardQueries.pendingReceived());

  useEffect(() => {
    if (mainFailed) notifyError(t('page.loadFailed'));
  }, [mainFailed, t]);

  const extraErrors = [ratings.error, ratingStatistics.error, foodRequests.error, globalStats.error, topDonors.error].filter(Boolean);
  useEffect(() => {
    for (const error of extraErrors) console.warn('Dashboard extra data failed to load', error);
  }, [extraErrors.length]); // eslint-disable-line react-hooks/exhaustive-deps -- log each new failure once, not on every render

  const selectTab = (value: string | null) => {
    if (!isTab(value)) return;
    // replace: switching tabs is not a page the Back button should step through.
    setSearchParams(value === 'overview' ? {} : { tab: value }, { replace: true });
  };

  const retry = () => {
    for (const query of main) if (query.isError) void query.refetch();
  };

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap={4} mb="lg">
        <Title order={1}>
          <Trans t={t} i18nKey="page.welcome" values={{ name: profile.data?.fullName || t('page.user') }} components={{ name: <span translate="no" /> }} />
        </Title>
        <Text c="dimmed">{profile.data ? profile.data.location ? <span translate="no">{profile.data.location}</span> : t('page.locationNotSet') : null}</Text>
      </Stack>

      {mainFailed ? (
        <Alert color="red" variant="light">
          {t('page.loadFailed')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={retry}>
            {t('page.tryAgain')}
          </Button>
        </Alert>
      ) : main.some((query) => query.isPending) ? (
        <Text role="status">{t('page.loading')}</Text>
      ) : summary.data && monthlyDonations.data && monthlyFoodRequests.data && myDonations.data && sentRequests.data ? (
        <Tabs value={tab} onChange={selectTab} keepMounted={false} variant="outline">
          {/* Nine tabs do not fit a phone: the list scrolls sideways instead of wrapping into a wall. */}
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }} mb="md">
            {TABS.map((item) => (
              <Tabs.Tab key={item} value={item} style={{ flexShrink: 0 }}>
                {t(`tabs.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="overview">
            <OverviewTab
              pendingReceived={pendingReceived.data}
              summary={summary.data}
              monthlyDonations={monthlyDonations.data}
              donations={myDonations.data}
              requests={sentRequests.data}
            />
          </Tabs.Panel>
          <Tabs.Panel value="analytics">
            <AnalyticsTab monthlyDonations={monthlyDonations.data} monthlyFoodRequests={monthlyFoodRequests.data} ratings={ratings.data} />
          </Tabs.Panel>
          <Tabs.Panel value="activities">
            <ActivitiesTab donations={myDonations.data} requests={sentRequests.data} />
          </Tabs.Panel>
          <Tabs.Panel value="achievements">
            <AchievementsTab summary={summary.data} />
          </Tabs.Panel>
          <Tabs.Panel value="rating-stats">
            <RatingStatsTab stats={ratingStatistics.data} loading={ratingStatistics.isPending && !ratingStatistics.isError} />
          </Tabs.Panel>
          <Tabs.Panel value="food-requests">
            <FoodRequestsTab needs={foodRequests.data} donationRequests={sentRequests.data} loading={foodRequests.isPending && !foodRequests.isError} />
          </Tabs.Panel>
          <Tabs.Panel value="global-impact">
            <GlobalImpactTab stats={globalStats.data} loading={globalStats.isPending && !globalStats.isError} />
          </Tabs.Panel>
          <Tabs.Panel value="top-donors">
            <TopDonorsTab donors={topDonors.data} loading={topDonors.isPending && !topDonors.isError} />
          </Tabs.Panel>
          <Tabs.Panel value="available-donations">
            <AvailableDonationsTab />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Container>
  );
}
