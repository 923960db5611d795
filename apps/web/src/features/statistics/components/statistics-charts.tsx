import { Center, Loader, Text } from '@mantine/core';
import type { FoodWasteSources, StatisticsDataType, YearlyRow } from '@annadaan/contract/statistics';
import { type ReactNode, lazy } from 'react';
import { LazyWhenVisible } from '../../../components/lazy-when-visible';
import { chartColors, chartTextColor } from '../../../lib/chart-palette';
import { formatAxisTick, formatCompact } from '../../../lib/format';
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
  const placeholder = (
    <Center h={height} role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" ml="xs">
        Loading chart…
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

/** Million-unit values from the data file, written with K/M like every other figure here. */
const millions = (value: number) => formatCompact(value * 1e6);
/** The same on an axis, shorter: "600M", "2.4B". */
const millionsTick = (value: number) => formatAxisTick(value * 1e6);
/** Axes every chart here shares: dark tick text, room for "2.4B", whole years on the x axis. */
const axes = { textColor: chartTextColor, yAxisProps: { width: 56, tickFormatter: millionsTick }, tickLine: 'xy' } as const;

interface LoadState {
  loading: boolean;
}

export function FoodWasteTrendChart({ rows, loading }: { rows: readonly YearlyRow[] | undefined } & LoadState) {
  const data = (rows ?? []).flatMap((row) => {
    const breakdown = row.foodWasteBreakdown;
    if (!breakdown) return [];
    return [
      {
        year: String(row.year),
        ...Object.fromEntries(SOURCE_SERIES.map((series) => [series.name, breakdown[series.source]])),
      },
    ];
  });
  return (
    <ChartFrame
      title="Food waste trend by source"
      description="Tonnes of food wasted each year, stacked by where the waste happens."
      loading={loading}
      empty={data.length === 0}
    >
      <WhenVisible height={300}>
        <BarChart
          h={300}
          data={data}
          dataKey="year"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          {...axes}
          yAxisLabel="Tonnes"
          valueFormatter={(value) => `${millions(value)} t`}
          series={SOURCE_SERIES.map(({ name, source, color }) => ({ name, label: source, color }))}
        />
      </WhenVisible>
    </ChartFrame>
  );
}

export function HungerWasteLineChart({ rows, dataType, loading }: { rows: readonly YearlyRow[] | undefined; dataType: StatisticsDataType } & LoadState) {
  const data = (rows ?? []).map((row) => ({ year: String(row.year), hunger: row.hunger, foodWaste: row.foodWaste }));
  const showHunger = dataType !== 'foodWaste';
  const showWaste = dataType !== 'hunger';
  const hasValues = data.some((row) => (showHunger && row.hunger !== null) || (showWaste && row.foodWaste !== null));
  // Hunger (people) and waste (tonnes) have different units, so each gets its own axis.
  const series = [
    ...(showHunger ? [{ name: 'hunger', label: 'Hunger (people)', color: chartColors.hunger }] : []),
    ...(showWaste ? [{ name: 'foodWaste', label: 'Food waste (tonnes)', color: chartColors.foodWaste, yAxisId: showHunger ? 'right' : 'left' }] : []),
  ];
  return (
    <ChartFrame
      title="Hunger and food waste over time"
      description="Undernourished people and tonnes of food wasted per year."
      loading={loading}
      empty={!hasValues}
    >
      <WhenVisible height={300}>
        <LineChart
          h={300}
          data={data}
          dataKey="year"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          withRightYAxis={showHunger && showWaste}
          {...axes}
          yAxisLabel={showHunger ? 'People' : 'Tonnes'}
          rightYAxisLabel={showHunger && showWaste ? 'Tonnes' : undefined}
          valueFormatter={millions}
          rightYAxisProps={{ width: 56, tickFormatter: millionsTick }}
          series={series}
          connectNulls
        />
      </WhenVisible>
    </ChartFrame>
  );
}

export function FoodWasteSourcesChart({ sources, loading }: { sources: FoodWasteSources | undefined } & LoadState) {
  const total = sources?.totalFoodWaste ?? 0;
  const data = sources
    ? SOURCE_SERIES.map(({ source, color }) => ({ name: source, value: sources.sourceBreakdown[source], color }))
    : [];
  return (
    <ChartFrame
      title={`Where food is wasted${sources ? ` (${sources.year})` : ''}`}
      description="Share of the year's food waste by source."
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
          valueFormatter={(value) => `${millions(value)} t (${((value / total) * 100).toFixed(1)}%)`}
          chartLabel={`${millions(total)} t`}
        />
      </WhenVisible>
      <ul aria-label="Food waste by source" style={{ margin: '0.75rem 0 0', paddingLeft: '1.25rem', fontSize: '0.875rem' }}>
        {data.map((slice) => (
          <li key={slice.name}>
            {slice.name}: {millions(slice.value)} t ({((slice.value / total) * 100).toFixed(1)}%)
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
