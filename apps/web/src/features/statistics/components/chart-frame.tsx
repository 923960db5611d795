import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

interface ChartFrameProps {
  /** The heading's id, which names the section (a title in Devanagari makes no id of its own). */
  id: string;
  title: string;
  /** What the chart shows, in words, for people who cannot see it. */
  description: string;
  loading: boolean;
  empty: boolean;
  height?: number;
  children: ReactNode;
}

/** A titled chart with the spec's loading and empty texts in place of the drawing. */
export function ChartFrame({ id, title, description, loading, empty, height = 300, children }: ChartFrameProps) {
  const { t } = useTranslation('statistics');
  const headingId = `chart-${id}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {loading ? (
        <Center h={height} role="status">
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('charts.loadingData')}</Text>
          </Stack>
        </Center>
      ) : empty ? (
        <Center h={height}>
          <Text size="sm">{t('charts.noData')}</Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}
