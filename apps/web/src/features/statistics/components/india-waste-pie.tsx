import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import type { PieLabelRenderProps } from 'recharts';
import { FOOD_WASTE_SOURCES } from '@annadaan/contract/statistics-figures';
import { chartColors } from '../../../lib/chart-palette';
import { statisticsQueries } from '../../../lib/statistics-api';
import { type StatisticFigures, useStatisticFigures } from '../../../lib/statistic-format';
import { SOURCE_KEY } from '../statistics-insights';

const REGION = 'India';
const YEAR = 2024;

/** A slice label: its share to one decimal, drawn beside the slice. */
function sliceLabel(figures: StatisticFigures) {
  return function SliceLabel({ x, y, cx, percent }: PieLabelRenderProps) {
    const left = Number(x) < Number(cx);
    return (
      <text x={x} y={y} textAnchor={left ? 'end' : 'start'} dominantBaseline="central" fill="var(--mantine-color-gray-8)" fontSize={13}>
        {figures.percentOfRatio(percent ?? 0)}
      </text>
    );
  };
}

/** Landing-page pie of India's food waste by source in 2024, from the server. Loaded lazily. */
export default function IndiaWastePie() {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const query = useQuery(statisticsQueries.foodWasteSources(REGION, YEAR));
  if (query.isPending) {
    return (
      <Center h={260} role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" ml="xs">
          {t('pie.loading')}
        </Text>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Text c="red.9" role="alert">
        {t('pie.error')}
      </Text>
    );
  }
  const { totalFoodWaste, sourceBreakdown } = query.data;
  const slices = FOOD_WASTE_SOURCES.map((source) => ({
    name: t(`source.${SOURCE_KEY[source]}`),
    value: sourceBreakdown[source],
    color: chartColors[source],
  }));
  const share = (value: number) => figures.percent((value / totalFoodWaste) * 100, 1);
  return (
    <figure style={{ margin: 0 }} data-testid="waste-pie">
      {/*
        Mantine sizes the drawing to the pie plus 80 px, too narrow for labels outside the slices:
        "18.3%" was cut to "3%" (issue 11). The drawing takes the column's width instead.
      */}
      <PieChart
        mx="auto"
        size={160}
        styles={{ root: { width: '100%', minWidth: 0, maxWidth: 420 } }}
        data={slices}
        withLabels
        withLabelsLine
        labelsPosition="outside"
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={(value) => t('pie.tooltip', { amount: figures.millions(value), percent: share(value) })}
        pieProps={{ label: sliceLabel(figures) }}
      />
      <Text component="figcaption" size="sm" mt="sm">
        {t('pie.caption', { region: t(`region.${REGION}`), year: YEAR, total: figures.millions(totalFoodWaste) })}
      </Text>
      <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem', fontSize: '0.875rem' }}>
        {slices.map((slice) => (
          <li key={slice.name}>{t('pie.slice', { source: slice.name, amount: figures.millions(slice.value), percent: share(slice.value) })}</li>
        ))}
      </ul>
    </figure>
  );
}
