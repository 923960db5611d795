import type { MonthlyDonations, MonthlyFoodRequests, UserRatings } from '@annadaan/contract/analytics';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { ChartSummary, EmptyText, Section } from './dashboard-ui';

interface AnalyticsProps {
  monthlyDonations: MonthlyDonations;
  monthlyFoodRequests: MonthlyFoodRequests;
  ratings: UserRatings | undefined;
}

export function AnalyticsTab({ monthlyDonations, monthlyFoodRequests, ratings }: AnalyticsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  // Chart keys are plain ASCII (they become SVG ids); the words a person reads are the series' labels.
  const donations = monthlyDonations.map((row) => ({ month: format.month(row.month), donations: row.donations }));
  const requests = monthlyFoodRequests.map((row) => ({ month: format.month(row.month), requests: row.requests }));
  const ratingBars = [
    { side: t('analytics.given'), ratings: ratings?.given.count ?? 0 },
    { side: t('analytics.received'), ratings: ratings?.received.count ?? 0 },
  ];
  const tooltip = { valueFormatter: format.number };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('analytics.donationsPerMonth')} id="analytics-donations">
          {monthlyDonations.some((row) => row.donations > 0) ? (
            <>
              <BarChart
                h={240}
                data={donations}
                dataKey="month"
                series={[{ name: 'donations', label: t('analytics.donations'), color: 'green.7' }]}
                yAxisProps={{ allowDecimals: false, tickFormatter: format.number }}
                {...tooltip}
              />
              <ChartSummary label={t('analytics.donationsPerMonth')} rows={donations.map((row) => [row.month, format.number(row.donations)])} />
            </>
          ) : (
            <EmptyText>{t('analytics.noDonationData')}</EmptyText>
          )}
        </Section>
        <Section title={t('analytics.foodRequestsPerMonth')} id="analytics-requests">
          {monthlyFoodRequests.some((row) => row.requests > 0) ? (
            <>
              <AreaChart
                h={240}
                data={requests}
                dataKey="month"
                series={[{ name: 'requests', label: t('analytics.requests'), color: 'orange.7' }]}
                curveType="monotone"
                yAxisProps={{ allowDecimals: false, tickFormatter: format.number }}
                {...tooltip}
              />
              <ChartSummary label={t('analytics.foodRequestsPerMonth')} rows={requests.map((row) => [row.month, format.number(row.requests)])} />
            </>
          ) : (
            <EmptyText>{t('analytics.noRequestData')}</EmptyText>
          )}
        </Section>
      </SimpleGrid>
      <Section title={t('analytics.ratingsTitle')} id="analytics-ratings">
        <BarChart
          h={220}
          data={ratingBars}
          dataKey="side"
          series={[{ name: 'ratings', label: t('analytics.ratings'), color: 'blue.7' }]}
          yAxisProps={{ allowDecimals: false, tickFormatter: format.number }}
          {...tooltip}
        />
        <ChartSummary label={t('analytics.ratings')} rows={ratingBars.map((row) => [row.side, format.number(row.ratings)])} />
      </Section>
    </Stack>
  );
}
