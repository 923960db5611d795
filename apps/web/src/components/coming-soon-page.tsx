import { Container, Text, Title } from '@mantine/core';

/** Stands in for a screen whose feature has not landed yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="md">This screen is coming soon.</Text>
    </Container>
  );
}
