import { Center, Loader, Text } from '@mantine/core';
import type { StatisticsDataType } from '@annadaan/contract/statistics-figures';
import type { FoodWasteSources, YearlyRow } from '@annadaan/contract/statistics';
import { type ReactNode, lazy } from 'react';
import { useTranslation } from '../../../i18n/react';
import { LazyWhenVisible } from '../../../components/lazy-when-visible';
import { chartColors, chartTextColor } from '../../../lib/chart-palette';
import { useStatisticFigures } from '../../../lib/statistic-format';
import { SOURCE_KEY } from '../statistics-insights';
import { ChartFrame } from './chart-frame';

/*
 * The drawings come from the chart library (recharts underneath), about 100 kB gzipped and a
 * second of main-thread work on a slow phone: it loads when a chart comes near the screen, while
 * the titles, descriptions and figures around it render at once.
 */
const BarChart = lazy(async () => ({ default: (await import('./chart-library')).BarChart }));
const LineChart = lazy(async () => ({ default: (await import('./chart-library')).LineChart }));
const DonutChart = lazy(async () => ({ default: (await import('./chart-library')).DonutChart }));

function WhenVisible({ height, children }: { height: number; children: ReactNode }) {
  const { t } = useTranslation('statistics');
  const placeholder = (
    <Center h={height} role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" ml="xs">
        {t('charts.loadingChart')}
      </Text>
    </Center>
  );
  return (
    <LazyWhenVisible minHeight={height} fallback={placeholder}>
      {children}
    </LazyWhenVisible>
  );
}

/* Chart keys without spaces or '&': they end up in SVG ids and CSS variable names. */
const SOURCE_SERIES = [
  { source: 'Households', name: 'households', color: chartColors.Households },
  { source: 'Food Services', name: 'foodServices', color: chartColors['Food Services'] },
  { source: 'Retail', name: 'retail', color: chartColors.Retail },
  { source: 'Post-Harvest & Agriculture', name: 'postHarvest', color: chartColors['Post-Harvest & Agriculture'] },
] as const;

/**
 * The chart figures in the reader's language (issue 17): million-unit values from the data file as
 * "196.1M" / "19.6 करोड़", axis ticks as "600M" / "60 करोड़", and the axes every chart here shares:
 * dark tick text, room for the longest tick, whole years on the x axis.
 */
function useChartFormat() {
  const figures = useStatisticFigures();
  const millions = (value: number) => figures.figure(value * 1e6);
  const millionsTick = (value: number) => figures.tick(value * 1e6);
  // "2.4B" fits 56 px; "2.4 अरब" and "60 करोड़" need more.
  const width = figures.language === 'en' ? 56 : 76;
  const axes = { textColor: chartTextColor, yAxisProps: { width, tickFormatter: millionsTick }, tickLine: 'xy' } as const;
  return { figures, millions, millionsTick, width, axes };
}

/** What the asterisk on a year means (issue 29): that year's figure repeats the last measured one. */
function CarriedNote() {
  const { t } = useTranslation('statistics');
  return (
    <Text size="xs" mt="xs">
      {t('charts.carriedNote')}
    </Text>
  );
}

interface LoadState {
  loading: boolean;
}

export function FoodWasteTrendChart({ rows, loading }: { rows: readonly YearlyRow[] | undefined } & LoadState) {
  const { t } = useTranslation('statistics');
  const { millions, axes } = useChartFormat();
  const data = (rows ?? []).flatMap((row) => {
    const breakdown = row.foodWasteBreakdown;
    if (!breakdown) return [];
    return [
      {
        year: row.carriedForward.foodWaste ? t('charts.carriedYear', { year: row.year }) : String(row.year),
        ...Object.fromEntries(SOURCE_SERIES.map((series) => [series.name, breakdown[series.source]])),
      },
    ];
  });
  return (
    <ChartFrame id="food-waste-trend" title={t('charts.trendTitle')} description={t('charts.trendDescription')} loading={loading} empty={data.length === 0}>
      <WhenVisible height={300}>
        <BarChart
          h={300}
          data={data}
          dataKey="year"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          {...axes}
          yAxisLabel={t('charts.axisTonnes')}
          valueFormatter={(value) => t('units.tonnesShort', { amount: millions(value) })}
          series={SOURCE_SERIES.map(({ name, source, color }) => ({ name, label: t(`source.${SOURCE_KEY[source]}`), color }))}
        />
      </WhenVisible>
      {(rows ?? []).some((row) => row.carriedForward.foodWaste) ? <CarriedNote /> : null}
    </ChartFrame>
  );
}

export function HungerWasteLineChart({ rows, dataType, loading }: { rows: readonly YearlyRow[] | undefined; dataType: StatisticsDataType } & LoadState) {
  const { t } = useTranslation('statistics');
  const { millions, millionsTick, width, axes } = useChartFormat();
  const showHunger = dataType !== 'foodWaste';
  const showWaste = dataType !== 'hunger';
  const carried = (row: YearlyRow) => (showHunger && row.carriedForward.hunger) || (showWaste && row.carriedForward.foodWaste);
  const data = (rows ?? []).map((row) => ({
    year: carried(row) ? t('charts.carriedYear', { year: row.year }) : String(row.year),
    hunger: row.hunger,
    foodWaste: row.foodWaste,
  }));
  const hasValues = data.some((row) => (showHunger && row.hunger !== null) || (showWaste && row.foodWaste !== null));
  // Hunger (people) and waste (tonnes) have different units, so each gets its own axis.
  const series = [
    ...(showHunger ? [{ name: 'hunger', label: t('charts.seriesHunger'), color: chartColors.hunger }] : []),
    ...(showWaste ? [{ name: 'foodWaste', label: t('charts.seriesWaste'), color: chartColors.foodWaste, yAxisId: showHunger ? 'right' : 'left' }] : []),
  ];
  return (
    <ChartFrame id="hunger-and-food-waste" title={t('charts.lineTitle')} description={t('charts.lineDescription')} loading={loading} empty={!hasValues}>
      <WhenVisible height={300}>
        <LineChart
          h={300}
          data={data}
          dataKey="year"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          withRightYAxis={showHunger && showWaste}
          {...axes}
          yAxisLabel={showHunger ? t('charts.axisPeople') : t('charts.axisTonnes')}
          rightYAxisLabel={showHunger && showWaste ? t('charts.axisTonnes') : undefined}
          valueFormatter={millions}
          rightYAxisProps={{ width, tickFormatter: millionsTick }}
          series={series}
          connectNulls
        />
      </WhenVisible>
      {(rows ?? []).some(carried) ? <CarriedNote /> : null}
    </ChartFrame>
  );
}

export function FoodWasteSourcesChart({ sources, loading }: { sources: FoodWasteSources | undefined } & LoadState) {
  const { t } = useTranslation('statistics');
  const { figures, millions } = useChartFormat();
  const total = sources?.totalFoodWaste ?? 0;
  const data = sources
    ? SOURCE_SERIES.map(({ source, color }) => ({ name: t(`source.${SOURCE_KEY[source]}`), value: sources.sourceBreakdown[source], color }))
    : [];
  const share = (value: number) => figures.percent((value / total) * 100, 1);
  return (
    <ChartFrame
      id="where-food-is-wasted"
      title={sources ? t('charts.sourcesTitleYear', { year: sources.year }) : t('charts.sourcesTitle')}
      description={t('charts.sourcesDescription')}
      loading={loading}
      empty={!sources || total <= 0}
    >
      <WhenVisible height={200}>
        <DonutChart
          mx="auto"
          size={200}
          thickness={32}
          data={data}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={(value) => t('units.share', { amount: millions(value), percent: share(value) })}
          chartLabel={t('units.tonnesShort', { amount: millions(total) })}
        />
      </WhenVisible>
      <ul aria-label={t('charts.sourcesList')} style={{ margin: '0.75rem 0 0', paddingLeft: '1.25rem', fontSize: '0.875rem' }}>
        {data.map((slice) => (
          <li key={slice.name}>{t('charts.sourceLine', { source: slice.name, amount: millions(slice.value), percent: share(slice.value) })}</li>
        ))}
      </ul>
    </ChartFrame>
  );
}
