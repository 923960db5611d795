import type { RatingStatistics } from '@annadaan/contract/analytics';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { EmptyText, LoadingText, Section } from './dashboard-ui';

export function RatingStatsTab({ stats, loading }: { stats: RatingStatistics | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  if (loading) return <LoadingText />;
  if (!stats || stats.totalRatings === 0) return <EmptyText>{t('ratingStats.empty')}</EmptyText>;
  const rows: Array<[number, number]> = [
    [5, stats.fiveStarRatings],
    [4, stats.fourStarRatings],
    [3, stats.threeStarRatings],
    [2, stats.twoStarRatings],
    [1, stats.oneStarRatings],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" component="article" aria-label={t('ratingStats.average')}>
          <Text size="sm" c="dimmed">
            {t('ratingStats.average')}
          </Text>
          <Text fz={28} fw={800}>
            {t('ratingStats.averageValue', { value: format.number(stats.averageRating) })}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" component="article" aria-label={t('ratingStats.total')}>
          <Text size="sm" c="dimmed">
            {t('ratingStats.total')}
          </Text>
          <Text fz={28} fw={800}>
            {format.number(stats.totalRatings)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Section title={t('ratingStats.byStars')} id="rating-stats-breakdown">
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map(([stars, count]) => (
            <li key={stars}>
              <Group justify="space-between">
                <Text id={`stars-${stars}`}>{t('ratingStats.stars', { count: stars })}</Text>
                <Text fw={700}>{format.number(count)}</Text>
              </Group>
              <Progress.Root size="md">
                <Progress.Section value={(count / stats.totalRatings) * 100} color="yellow.7" aria-labelledby={`stars-${stars}`} />
              </Progress.Root>
            </li>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
