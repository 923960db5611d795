import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { cagr } from '@annadaan/contract/statistics-figures';
import type { StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import { useTranslation } from '../../../i18n/react';
import { type StatisticFigures, useStatisticFigures } from '../../../lib/statistic-format';

interface SummaryCardsProps {
  summary: StatisticsSummary | undefined;
  rows: readonly YearlyRow[] | undefined;
  endYear: number;
}

function Card({ label, value, note }: { label: string; value: string | undefined; note: string }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={label}>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={34} my={4} />
      ) : (
        <Text fz={28} fw={800} c="green.9">
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

/**
 * The compound yearly change over the measured years of the range only: years that repeat the last
 * measured figure (carried forward) would pull the rate towards zero (issue 29).
 */
function growthOf(figures: StatisticFigures, rows: readonly YearlyRow[] | undefined, key: 'hunger' | 'foodWaste'): { rate: string; years: string } {
  const measured = (rows ?? []).filter((row) => row[key] !== null && !row.carriedForward[key]).sort((a, b) => a.year - b.year);
  const first = measured[0];
  const last = measured.at(-1);
  const start = first?.[key];
  const end = last?.[key];
  if (!first || !last || start === undefined || end === undefined || start === null || end === null || start <= 0 || end <= 0) return { rate: '—', years: '—' };
  const rate = cagr(start, end, first.year, last.year);
  return { rate: `${rate > 0 ? '+' : ''}${figures.percent(rate, 2)}`, years: `${first.year}–${last.year}` };
}

/** Four headline figures: the end year's hunger, waste and people-fed, and the yearly change over the range's measured years. */
export function SummaryCards({ summary, rows, endYear }: SummaryCardsProps) {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const hunger = growthOf(figures, rows, 'hunger');
  const waste = growthOf(figures, rows, 'foodWaste');
  const growth = rows === undefined ? undefined : `${hunger.rate} / ${waste.rate}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Card label={t('cards.hungry', { year: endYear })} value={summary && figures.figure(summary.dailyHungry)} note={t('cards.hungryNote')} />
      <Card
        label={t('cards.wasted', { year: endYear })}
        value={summary && t('units.tonnesShort', { amount: figures.figure(summary.foodWaste * 1e6) })}
        note={t('cards.wastedNote')}
      />
      <Card label={t('cards.fed')} value={summary && figures.peopleWithin(summary.peopleFed, summary.population)} note={t('cards.fedNote')} />
      <Card label={t('cards.growthMeasured')} value={growth} note={t('cards.growthMeasuredNote', { hunger: hunger.years, waste: waste.years })} />
    </SimpleGrid>
  );
}

/** Says up to which year each figure is measured, when the range reaches years that only repeat it (issue 29). */
export function MeasuredNote({ rows }: { rows: readonly YearlyRow[] | undefined }) {
  const { t } = useTranslation('statistics');
  const lastMeasured = (key: 'hunger' | 'foodWaste') =>
    (rows ?? [])
      .filter((row) => row[key] !== null && !row.carriedForward[key])
      .reduce<number | null>((year, row) => Math.max(year ?? row.year, row.year), null);
  const anyCarried = (rows ?? []).some((row) => row.carriedForward.hunger || row.carriedForward.foodWaste);
  const hungerYear = lastMeasured('hunger');
  const wasteYear = lastMeasured('foodWaste');
  if (!anyCarried) return null;
  return (
    <Text size="sm" data-testid="measured-note">
      {t('page.measured', { hungerYear: hungerYear ?? '—', wasteYear: wasteYear ?? '—' })}
    </Text>
  );
}
