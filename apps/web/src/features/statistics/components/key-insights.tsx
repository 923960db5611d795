import { List, Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import type { StatisticsInsights } from '../statistics-insights';

export function KeyInsights({ insights }: { insights: StatisticsInsights }) {
  const { t } = useTranslation('statistics');
  const findings = insights.insights.map((message) => t(message.key, message.values));
  const recommendations = insights.recommendations.map((message) => t(message.key, message.values));
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="insights-title">
      <Title order={2} size="h3" id="insights-title" mb="sm">
        {t('insights.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('insights.findings')}
          </Title>
          <List spacing="xs">
            {findings.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('insights.recommendations')}
          </Title>
          <List spacing="xs">
            {recommendations.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
