import type { UserSummary } from '@annadaan/contract/analytics';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAward, IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { deriveAchievements } from '../achievements';
import { Section } from './dashboard-ui';

export function AchievementsTab({ summary }: { summary: UserSummary }) {
  const { t } = useTranslation('dashboard');
  const { badges, donationProgress, engagementProgress } = deriveAchievements({
    donations: summary.myDonations,
    ratingsGiven: summary.myRatingsGiven,
    foodRequests: summary.myFoodRequests,
  });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {badges.map((badge) => (
          <Paper
            key={badge.id}
            withBorder
            p="md"
            radius="md"
            component="article"
            aria-label={t(`achievements.badges.${badge.id}.title`)}
            opacity={badge.unlocked ? 1 : 0.85}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                {badge.unlocked ? <IconAward aria-hidden="true" color="var(--mantine-color-yellow-8)" /> : <IconLock aria-hidden="true" />}
                <Text fw={700}>{t(`achievements.badges.${badge.id}.title`)}</Text>
              </Group>
              <Badge color={badge.unlocked ? 'green.9' : 'gray.8'} variant={badge.unlocked ? 'filled' : 'outline'}>
                {badge.unlocked ? t('achievements.unlocked') : t('achievements.locked')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              {t(`achievements.badges.${badge.id}.description`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Section title={t('achievements.progress')} id="achievements-progress">
        <Stack gap="md">
          <div>
            <Group justify="space-between">
              <Text id="progress-donations">{t('achievements.donationsProgress')}</Text>
              <Text fw={700}>{t('achievements.percent', { value: donationProgress })}</Text>
            </Group>
            {/* The label goes on the section: it is the element with role="progressbar". */}
            <Progress.Root size="lg">
              <Progress.Section value={donationProgress} color="green" aria-labelledby="progress-donations" />
            </Progress.Root>
          </div>
          <div>
            <Group justify="space-between">
              <Text id="progress-engagement">{t('achievements.engagementProgress')}</Text>
              <Text fw={700}>{t('achievements.percent', { value: engagementProgress })}</Text>
            </Group>
            {/* The label goes on the section: it is the element with role="progressbar". */}
            <Progress.Root size="lg">
              <Progress.Section value={engagementProgress} color="blue" aria-labelledby="progress-engagement" />
            </Progress.Root>
          </div>
        </Stack>
      </Section>
    </Stack>
  );
}
