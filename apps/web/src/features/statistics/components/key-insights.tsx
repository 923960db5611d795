import { List, Paper, SimpleGrid, Title } from '@mantine/core';
import type { StatisticsInsights } from '../statistics-insights';

export function KeyInsights({ insights }: { insights: StatisticsInsights }) {
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="insights-title">
      <Title order={2} size="h3" id="insights-title" mb="sm">
        Key insights
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <Title order={3} size="h5" mb="xs">
            What the numbers show
          </Title>
          <List spacing="xs">
            {insights.insights.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </div>
        <div>
          <Title order={3} size="h5" mb="xs">
            Strategic recommendations
          </Title>
          <List spacing="xs">
            {insights.recommendations.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
