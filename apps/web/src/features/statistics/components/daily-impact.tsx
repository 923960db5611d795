import { Group, Paper, Progress, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { DailyComparison } from '@annadaan/contract/statistics';
import { useTranslation } from '../../../i18n/react';
import { useStatisticFigures } from '../../../lib/statistic-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </div>
  );
}

/** Hungry people against people the day's waste could feed, with the coverage bar. */
export function DailyImpact({ daily }: { daily: DailyComparison | undefined }) {
  const { t } = useTranslation('statistics');
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="daily-impact-title">
      <Title order={2} size="h3" id="daily-impact-title" mb="sm">
        {daily ? t('daily.titleFor', { region: t(`region.${daily.region}`), year: daily.year }) : t('daily.title')}
      </Title>
      {daily ? <DailyImpactBody daily={daily} /> : <Skeleton h={120} />}
    </Paper>
  );
}

function DailyImpactBody({ daily }: { daily: DailyComparison }) {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const coverage = figures.percentOfRatio(daily.coverage);
  const percent = daily.coverage * 100;
  // Green once the waste could feed everyone (100% or more), orange while it falls short.
  const color = daily.coverage >= 1 ? 'green.8' : 'orange.8';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
        <Figure label={t('daily.hungry')} value={figures.figure(daily.dailyHungry)} />
        <Figure label={t('daily.fed')} value={figures.peopleWithin(daily.peopleFed, daily.population)} />
        <Figure label={t('daily.shortBy')} value={daily.enoughFood ? t('daily.none') : figures.figure(daily.shortBy)} />
      </SimpleGrid>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600} id="coverage-label">
          {t('daily.coverage')}
        </Text>
        <Text size="sm" fw={700}>
          {coverage}
        </Text>
      </Group>
      <Progress.Root size="xl" data-coverage={daily.coverage >= 1 ? 'full' : 'short'}>
        <Progress.Section
          value={Math.min(100, percent)}
          color={color}
          aria-labelledby="coverage-label"
          aria-valuetext={t('daily.coverageText', { percent: coverage })}
        />
      </Progress.Root>
      <Text size="sm" mt="xs">
        {daily.enoughFood ? t('daily.enough') : t('daily.notEnough')}
      </Text>
    </>
  );
}
