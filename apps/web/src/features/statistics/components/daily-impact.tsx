import { Group, Paper, Progress, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { DailyComparison } from '@annadaan/contract/statistics';
import { formatCompact, formatPeopleWithin, formatPercentFromRatio } from '../../../lib/format';

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
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="daily-impact-title">
      <Title order={2} size="h3" id="daily-impact-title" mb="sm">
        Daily impact analysis{daily ? ` (${daily.region}, ${daily.year})` : ''}
      </Title>
      {daily ? <DailyImpactBody daily={daily} /> : <Skeleton h={120} />}
    </Paper>
  );
}

function DailyImpactBody({ daily }: { daily: DailyComparison }) {
  const percent = daily.coverage * 100;
  // Green once the waste could feed everyone (100% or more), orange while it falls short.
  const color = daily.coverage >= 1 ? 'green.8' : 'orange.8';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
        <Figure label="People hungry each day" value={formatCompact(daily.dailyHungry)} />
        <Figure label="People the day's wasted food could feed" value={formatPeopleWithin(daily.peopleFed, daily.population)} />
        <Figure label="Short by" value={daily.enoughFood ? 'None: enough food is wasted to feed everyone' : formatCompact(daily.shortBy)} />
      </SimpleGrid>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600} id="coverage-label">
          Coverage
        </Text>
        <Text size="sm" fw={700}>
          {formatPercentFromRatio(daily.coverage)}
        </Text>
      </Group>
      <Progress.Root size="xl" data-coverage={daily.coverage >= 1 ? 'full' : 'short'}>
        <Progress.Section
          value={Math.min(100, percent)}
          color={color}
          aria-labelledby="coverage-label"
          aria-valuetext={`${formatPercentFromRatio(daily.coverage)} of hungry people could be fed`}
        />
      </Progress.Root>
      <Text size="sm" mt="xs">
        {daily.enoughFood
          ? 'The food wasted each day is enough to feed every hungry person.'
          : 'The food wasted each day is not enough to feed every hungry person.'}
      </Text>
    </>
  );
}
