import type { MonthlyDonations, MonthlyFoodRequests, UserRatings } from '@annadaan/contract/analytics';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { ChartSummary, EmptyText, Section, monthLabel } from './dashboard-ui';

interface AnalyticsProps {
  monthlyDonations: MonthlyDonations;
  monthlyFoodRequests: MonthlyFoodRequests;
  ratings: UserRatings | undefined;
}

export function AnalyticsTab({ monthlyDonations, monthlyFoodRequests, ratings }: AnalyticsProps) {
  const donations = monthlyDonations.map((row) => ({ month: monthLabel(row.month), Donations: row.donations }));
  const requests = monthlyFoodRequests.map((row) => ({ month: monthLabel(row.month), Requests: row.requests }));
  const ratingBars = [
    { side: 'Given', Ratings: ratings?.given.count ?? 0 },
    { side: 'Received', Ratings: ratings?.received.count ?? 0 },
  ];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Donations per month" id="analytics-donations">
          {monthlyDonations.some((row) => row.donations > 0) ? (
            <>
              <BarChart h={240} data={donations} dataKey="month" series={[{ name: 'Donations', color: 'green.7' }]} yAxisProps={{ allowDecimals: false }} />
              <ChartSummary label="Donations per month" rows={donations.map((row) => [row.month, row.Donations])} />
            </>
          ) : (
            <EmptyText>No donation data available</EmptyText>
          )}
        </Section>
        <Section title="Food requests per month" id="analytics-requests">
          {monthlyFoodRequests.some((row) => row.requests > 0) ? (
            <>
              <AreaChart h={240} data={requests} dataKey="month" series={[{ name: 'Requests', color: 'orange.7' }]} curveType="monotone" yAxisProps={{ allowDecimals: false }} />
              <ChartSummary label="Food requests per month" rows={requests.map((row) => [row.month, row.Requests])} />
            </>
          ) : (
            <EmptyText>No request data available</EmptyText>
          )}
        </Section>
      </SimpleGrid>
      <Section title="Ratings: Given vs Received" id="analytics-ratings">
        <BarChart h={220} data={ratingBars} dataKey="side" series={[{ name: 'Ratings', color: 'blue.7' }]} yAxisProps={{ allowDecimals: false }} />
        <ChartSummary label="Ratings" rows={ratingBars.map((row) => [row.side, row.Ratings])} />
      </Section>
    </Stack>
  );
}
