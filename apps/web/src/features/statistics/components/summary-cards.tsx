import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { cagr, type StatisticsSummary, type YearlyRow } from '@annadaan/contract/statistics';
import { formatCompact, formatPeopleWithin } from '../../../lib/format';

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

function growthOf(rows: readonly YearlyRow[] | undefined, key: 'hunger' | 'foodWaste', startYear: number, endYear: number): string {
  const start = rows?.find((row) => row.year === startYear)?.[key];
  const end = rows?.find((row) => row.year === endYear)?.[key];
  if (start === undefined || end === undefined || start === null || end === null || start <= 0 || end <= 0) return '—';
  const rate = cagr(start, end, startYear, endYear);
  return `${rate > 0 ? '+' : ''}${rate.toFixed(2)}%`;
}

/** Four headline figures: the end year's hunger, waste and people-fed, and growth over the range. */
export function SummaryCards({ summary, rows, startYear, endYear }: SummaryCardsProps) {
  const growth =
    rows === undefined
      ? undefined
      : `${growthOf(rows, 'hunger', startYear, endYear)} / ${growthOf(rows, 'foodWaste', startYear, endYear)}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Card
        label={`Hungry people (${endYear})`}
        value={summary && formatCompact(summary.dailyHungry)}
        note="People undernourished"
      />
      <Card
        label={`Food wasted (${endYear})`}
        value={summary && `${formatCompact(summary.foodWaste * 1e6)} t`}
        note="Tonnes of food wasted in the year"
      />
      <Card
        label="People the waste could feed daily"
        value={summary && formatPeopleWithin(summary.peopleFed, summary.population)}
        note="Waste at homes, food services and shops, at 0.5 kg of food per person per day"
      />
      <Card
        label={`Yearly growth (${startYear}–${endYear})`}
        value={growth}
        note="Compound yearly change: hunger / food waste"
      />
    </SimpleGrid>
  );
}
