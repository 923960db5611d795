import type { RatingStatistics } from '@annadaan/contract/analytics';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatAmount, formatCount } from '../../../lib/format';
import { EmptyText, LoadingText, Section } from './dashboard-ui';

export function RatingStatsTab({ stats, loading }: { stats: RatingStatistics | undefined; loading: boolean }) {
  if (loading) return <LoadingText />;
  if (!stats || stats.totalRatings === 0) return <EmptyText>No rating statistics available.</EmptyText>;
  const rows: Array<[string, number]> = [
    ['5 stars', stats.fiveStarRatings],
    ['4 stars', stats.fourStarRatings],
    ['3 stars', stats.threeStarRatings],
    ['2 stars', stats.twoStarRatings],
    ['1 star', stats.oneStarRatings],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" component="article" aria-label="Average rating">
          <Text size="sm" c="dimmed">
            Average rating
          </Text>
          <Text fz={28} fw={800}>
            {formatAmount(stats.averageRating)} / 5
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" component="article" aria-label="Total ratings">
          <Text size="sm" c="dimmed">
            Total ratings
          </Text>
          <Text fz={28} fw={800}>
            {formatCount(stats.totalRatings)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Section title="Ratings received by stars" id="rating-stats-breakdown">
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map(([label, count]) => (
            <li key={label}>
              <Group justify="space-between">
                <Text id={`stars-${label[0]}`}>{label}</Text>
                <Text fw={700}>{formatCount(count)}</Text>
              </Group>
              <Progress.Root size="md">
                <Progress.Section value={(count / stats.totalRatings) * 100} color="yellow.7" aria-labelledby={`stars-${label[0]}`} />
              </Progress.Root>
            </li>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
