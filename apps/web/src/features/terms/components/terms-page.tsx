import { Container, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_DELETION_TERMS } from '@annadaan/contract/terms';
import { TermsList } from '../../../components/terms-list';

export function TermsPage() {
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="md">
        Terms and Conditions
      </Title>
      <Text mb="lg">Everyone who uses Annadaan agrees to these terms when they sign up.</Text>
      <TermsList />
      <Title order={2} size="h3" mt="xl" mb="sm">
        {ACCOUNT_DELETION_TERMS.title}
      </Title>
      <Stack gap="sm">
        {ACCOUNT_DELETION_TERMS.paragraphs.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  );
}
