import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChartFrameProps {
  title: string;
  /** What the chart shows, in words, for people who cannot see it. */
  description: string;
  loading: boolean;
  empty: boolean;
  height?: number;
  children: ReactNode;
}

/** A titled chart with the spec's loading and empty texts in place of the drawing. */
export function ChartFrame({ title, description, loading, empty, height = 300, children }: ChartFrameProps) {
  const headingId = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
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
            <Text size="sm">Loading data…</Text>
          </Stack>
        </Center>
      ) : empty ? (
        <Center h={height}>
          <Text size="sm">No data to display</Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}
