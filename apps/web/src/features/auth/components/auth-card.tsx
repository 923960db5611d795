import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow card every account screen sits in; one column reads best on a phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} py="xl" px="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
