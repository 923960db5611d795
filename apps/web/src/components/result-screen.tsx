import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The top of a result screen (issue 29: after listing food or posting a need): a tick, the heading,
 * which takes the focus (the form was replaced, so keyboard and screen-reader users hear the
 * result), and the spec's success words as a status.
 */
export function ResultHeading({ title, status }: { title: ReactNode; status: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <IconCircleCheck size={36} color="var(--mantine-color-green-8)" aria-hidden="true" style={{ flexShrink: 0 }} />
      <Stack gap={0}>
        <Title order={1} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text role="status" fw={600} c="green.9">
          {status}
        </Text>
      </Stack>
    </Group>
  );
}

/** "What happens next": the steps after a result, in order. */
export function NextSteps({ title, steps }: { title: ReactNode; steps: ReactNode[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <List type="ordered" spacing="xs">
        {steps.map((step, index) => (
          <List.Item key={index}>{step}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
