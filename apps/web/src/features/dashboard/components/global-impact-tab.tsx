import type { StatisticsSummary } from '@annadaan/contract/statistics';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { useStatisticFigures } from '../../../lib/statistic-format';
import { EmptyText, LoadingText } from './dashboard-ui';

export function GlobalImpactTab({ stats, loading }: { stats: StatisticsSummary | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const statistic = useStatisticFigures();
  if (loading) return <LoadingText />;
  if (!stats) return <EmptyText>{t('globalImpact.empty')}</EmptyText>;
  // The same formats as /stats: "17 crore" in English, "17 करोड़" in Hindi.
  const figures: Array<[string, string]> = [
    [t('globalImpact.hungry'), statistic.millions(stats.hunger)],
    [t('globalImpact.wasted'), t('globalImpact.tonnes', { amount: statistic.millions(stats.foodWaste) })],
    [t('globalImpact.fed'), statistic.peopleWithin(stats.peopleFed, stats.population)],
    [t('globalImpact.hungryDaily'), statistic.figure(stats.dailyHungry)],
    [t('globalImpact.enough'), stats.enoughFood ? t('yes') : t('globalImpact.shortBy', { short: statistic.figure(stats.shortBy) })],
    [t('globalImpact.cagrHunger'), `${format.number(stats.cagrHunger)}%`],
    [t('globalImpact.cagrWaste'), `${format.number(stats.cagrFoodWaste)}%`],
  ];
  const region = stats.region === 'India' || stats.region === 'Global' ? t(`globalImpact.region.${stats.region}`) : stats.region;
  return (
    <Stack gap="md">
      <Text fw={600}>{t('globalImpact.heading', { region, year: stats.year })}</Text>
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
        {t('globalImpact.sources')}
      </Text>
    </Stack>
  );
}
