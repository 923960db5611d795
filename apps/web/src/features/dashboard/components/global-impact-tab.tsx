import type { StatisticsSummary } from '@annadaan/contract/statistics';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatAmount, formatCompact, formatPeopleWithin } from '../../../lib/format';
import { EmptyText, LoadingText } from './dashboard-ui';

export function GlobalImpactTab({ stats, loading }: { stats: StatisticsSummary | undefined; loading: boolean }) {
  if (loading) return <LoadingText />;
  if (!stats) return <EmptyText>No global stats available.</EmptyText>;
  const figures: Array<[string, string]> = [
    ['Hungry people', `${formatAmount(stats.hunger)} million`],
    ['Food wasted', `${formatAmount(stats.foodWaste)} ${stats.foodWasteUnit}`],
    ['People the waste could feed daily', formatPeopleWithin(stats.peopleFed, stats.population)],
    ['People hungry daily', formatCompact(stats.dailyHungry)],
    ['Enough food?', stats.enoughFood ? 'Yes' : `No, short by ${formatCompact(stats.shortBy)}`],
    ['Hunger growth per year (CAGR)', `${formatAmount(stats.cagrHunger)}%`],
    ['Food waste growth per year (CAGR)', `${formatAmount(stats.cagrFoodWaste)}%`],
  ];
  return (
    <Stack gap="md">
      <Text fw={600}>
        {stats.region}, {stats.year}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder p="md" radius="md" component="article" aria-label={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz="xl" fw={800}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Sources and methods are on the Source page.
      </Text>
    </Stack>
  );
}
