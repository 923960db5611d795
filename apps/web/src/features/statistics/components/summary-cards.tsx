import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { cagr } from '@annadaan/contract/statistics-figures';
import type { StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import { useTranslation } from '../../../i18n/react';
import { type StatisticFigures, useStatisticFigures } from '../../../lib/statistic-format';

interface SummaryCardsProps {
  summary: StatisticsSummary | undefined;
  rows: readonly YearlyRow[] | undefined;
  startYear: number;
  endYear: number;
}

function Card({ label, value, note }: { label: string; value: string | undefined; note: string }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={label}>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {value === undefined ? <Skeleton h={34} my={4} /> : <Text fz={28} fw={800} c="green.9">{value}</Text>}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

function growthOf(figures: StatisticFigures, rows: readonly YearlyRow[] | undefined, key: 'hunger' | 'foodWaste', startYear: number, endYear: number): string {
  const start = rows?.find((row) => row.year === startYear)?.[key];
  const end = rows?.find((row) => row.year === endYear)?.[key];
  if (start === undefined || end === undefined || start === null || end === null || start <= 0 || end <= 0) return '—';
  const rate = cagr(start, end, startYear, endYear);
  return `${rate > 0 ? '+' : ''}${figures.percent(rate, 2)}`;
}

/** Four headline figures: the end year's hunger, waste and people-fed, and growth over the range. */
export function SummaryCards({ summary, rows, startYear, endYear }: SummaryCardsProps) {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const growth =
    rows === undefined
      ? undefined
      : `${growthOf(figures, rows, 'hunger', startYear, endYear)} / ${growthOf(figures, rows, 'foodWaste', startYear, endYear)}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Card
        label={t('cards.hungry', { year: endYear })}
        value={summary && figures.figure(summary.dailyHungry)}
        note={t('cards.hungryNote')}
      />
      <Card
        label={t('cards.wasted', { year: endYear })}
        value={summary && t('units.tonnesShort', { amount: figures.figure(summary.foodWaste * 1e6) })}
        note={t('cards.wastedNote')}
      />
      <Card
        label={t('cards.fed')}
        value={summary && figures.peopleWithin(summary.peopleFed, summary.population)}
        note={t('cards.fedNote')}
      />
      <Card
        label={t('cards.growth', { start: startYear, end: endYear })}
        value={growth}
        note={t('cards.growthNote')}
      />
    </SimpleGrid>
  );
}
