import { Alert, Anchor, Button, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import type { RouteData } from '../../../app/route-data';
import { statisticsPageQueries, useStatisticsPageData } from '../api/statistics-page-api';
import { DEFAULT_FILTER, type StatisticsFilter } from '../statistics-filter';
import { useStatisticFigures } from '../../../lib/statistic-format';
import { deriveInsights } from '../statistics-insights';
import { DailyImpact } from './daily-impact';
import { FilterPanel } from './filter-panel';
import { KeyInsights } from './key-insights';
import { FoodWasteSourcesChart, FoodWasteTrendChart, HungerWasteLineChart } from './statistics-charts';
import { StatisticsTable } from './statistics-table';
import { MeasuredNote, SummaryCards } from './summary-cards';

/** The figures of the default filter, so the page arrives with them. */
export const routeData: RouteData = (queryClient) => {
  const [yearly, summary, daily, sources] = statisticsPageQueries(DEFAULT_FILTER);
  return Promise.all([
    queryClient.prefetchQuery(yearly),
    queryClient.prefetchQuery(summary),
    queryClient.prefetchQuery(daily),
    queryClient.prefetchQuery(sources),
  ]);
};

/** /stats: hunger and food-waste figures for a region and range of years. */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const [filter, setFilter] = useState<StatisticsFilter>(DEFAULT_FILTER);
  const { yearly, summary, daily, sources } = useStatisticsPageData(filter);
  const all = [yearly, summary, daily, sources];
  const loading = all.some((query) => query.isPending);
  const failed = all.some((query) => query.isError);

  const insights =
    yearly.data && summary.data && daily.data && sources.data
      ? deriveInsights({
          rows: yearly.data,
          summary: summary.data,
          daily: daily.data,
          sources: sources.data,
          figures,
          regionName: t(`region.${summary.data.region}`),
        })
      : null;

  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed" mt={4}>
            {/* The tag is <anchor>, not <link>: Trans reads <link> as HTML's empty element and drops its text. */}
            <Trans t={t} i18nKey="page.intro" components={{ anchor: <Anchor component={Link} to={paths.source} underline="always" /> }} />
          </Text>
        </div>

        <FilterPanel filter={filter} onChange={setFilter} />

        {/* Announced politely so screen-reader users hear when new figures arrive. */}
        <div aria-live="polite">
          {loading ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('page.loading')}</Text>
            </Group>
          ) : null}
          {failed ? (
            <Alert color="red" title={t('page.errorTitle')} role="alert">
              <Text size="sm">{t('page.errorText')}</Text>
              <Button
                mt="sm"
                size="xs"
                variant="outline"
                color="red"
                onClick={() => {
                  for (const query of all) if (query.isError) void query.refetch();
                }}
              >
                {t('page.tryAgain')}
              </Button>
            </Alert>
          ) : null}
        </div>

        <SummaryCards summary={summary.data} rows={yearly.data} endYear={filter.endYear} />
        <MeasuredNote rows={yearly.data} />

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <FoodWasteTrendChart rows={yearly.data} loading={yearly.isPending} />
          <HungerWasteLineChart rows={yearly.data} dataType={filter.dataType} loading={yearly.isPending} />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <DailyImpact daily={daily.data} />
          <FoodWasteSourcesChart sources={sources.data} loading={sources.isPending} />
        </SimpleGrid>

        {insights ? <KeyInsights insights={insights} /> : null}

        {yearly.data ? <StatisticsTable region={filter.region} rows={yearly.data} /> : null}
      </Stack>
    </Container>
  );
}
