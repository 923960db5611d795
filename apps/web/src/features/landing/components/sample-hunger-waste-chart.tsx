import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { chartColors, chartTextColor } from '../../../lib/chart-palette';

/* The spec's static sample figures for 2020-2024 (section 9); sourced figures are on /stats. */
const data = [
  { year: '2020', hunger: 190, foodWaste: 68 },
  { year: '2021', hunger: 185, foodWaste: 70 },
  { year: '2022', hunger: 180, foodWaste: 72 },
  { year: '2023', hunger: 175, foodWaste: 74 },
  { year: '2024', hunger: 170, foodWaste: 75 },
];

/** Loaded lazily: the chart library stays out of the landing page's first load. */
export default function SampleHungerWasteChart() {
  const { t } = useTranslation('landing');
  return (
    <>
      <BarChart
        h={280}
        data={data}
        dataKey="year"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        textColor={chartTextColor}
        series={[
          { name: 'hunger', label: t('chart.hunger'), color: chartColors.hunger },
          { name: 'foodWaste', label: t('chart.foodWaste'), color: chartColors.foodWaste },
        ]}
      />
      <Text size="xs" c="dimmed" mt="xs">
        {t('chart.note')}
      </Text>
    </>
  );
}
