import { Container, Text, Title } from '@mantine/core';
import { TermsList } from '../../../components/terms-list';

export function TermsPage() {
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="md">
        Terms and Conditions
      </Title>
      <Text mb="lg">Everyone who uses Annadaan agrees to these terms when they sign up.</Text>
      <TermsList />
    </Container>
  );
}
