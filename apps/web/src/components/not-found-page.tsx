import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Page not found</Title>
      <Text mt="md">There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Button component={Link} to="/" mt="lg">
        Go to the home page
      </Button>
    </Container>
  );
}
