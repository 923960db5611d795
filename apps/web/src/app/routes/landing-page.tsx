import { Center, Container, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from '../../i18n/react';
import type { RouteData } from '../route-data';
import { LazyWhenVisible } from '../../components/lazy-when-visible';
import { publicImpactQuery } from '../../features/impact/api/impact-api';
import { ImpactInNumbers } from '../../features/impact/components/impact-in-numbers';
import { CategoryTiles } from '../../features/landing/components/category-tiles';
import { HotspotTiles } from '../../features/landing/components/hotspot-tiles';
import { Journeys } from '../../features/landing/components/journeys';
import { LandingHero } from '../../features/landing/components/landing-hero';

/*
 * Charts and the statistics-backed strip are separate chunks fetched when they come near the
 * screen: the chart library (recharts, @mantine/charts) and zod stay out of the first load.
 */
const SampleHungerWasteChart = lazy(() => import('../../features/landing/components/sample-hunger-waste-chart'));
const IndiaWastePie = lazy(() => import('../../features/statistics/components/india-waste-pie'));
const FactsStrip = lazy(() => import('../../features/statistics/components/facts-strip'));

function ChartLoading({ height }: { height: number }) {
  const { t } = useTranslation('landing');
  return (
    <Center h={height} role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" ml="xs">
        {t('page.chartLoading')}
      </Text>
    </Center>
  );
}

/** The platform's figures are the landing page's data; the rest of it is words and links. */
export const routeData: RouteData = (queryClient) => queryClient.prefetchQuery(publicImpactQuery());

/** / : the public landing page. */
export function LandingPage() {
  // Both catalogs at once: the impact strip's words load beside the page's, not after them.
  const { t } = useTranslation(['landing', 'impact']);
  return (
    <>
      <LandingHero />
      <Container size="lg" px="md" py="xl">
        <Stack gap={48}>
          <section aria-labelledby="facts-title">
            <Title order={2} id="facts-title" ta="center" mb="md">
              {t('page.factsTitle')}
            </Title>
            <LazyWhenVisible minHeight={56} fallback={<Text role="status">{t('page.factsLoading')}</Text>}>
              <FactsStrip />
            </LazyWhenVisible>
          </section>

          <Journeys />

          <section aria-labelledby="numbers-title">
            <Title order={2} id="numbers-title" ta="center" mb="md">
              {t('page.hungerTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Paper withBorder p="md">
                <Title order={3} size="h4" mb="sm">
                  {t('page.hungerChartTitle')}
                </Title>
                <LazyWhenVisible minHeight={300} fallback={<ChartLoading height={280} />}>
                  <SampleHungerWasteChart />
                </LazyWhenVisible>
              </Paper>
              <Paper withBorder p="md">
                <Title order={3} size="h4" mb="sm">
                  {t('page.wasteChartTitle')}
                </Title>
                <LazyWhenVisible minHeight={300} fallback={<ChartLoading height={260} />}>
                  <IndiaWastePie />
                </LazyWhenVisible>
              </Paper>
            </SimpleGrid>
          </section>

          <ImpactInNumbers />
          <CategoryTiles />
          <HotspotTiles />
        </Stack>
      </Container>
    </>
  );
}
