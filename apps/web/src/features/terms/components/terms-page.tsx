import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { TermsList } from '../../../components/terms-list';

export function TermsPage() {
  const { t } = useTranslation('pages');
  const paragraphs = t('terms.deletion.paragraphs', { returnObjects: true });
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="md">
        {t('terms.title')}
      </Title>
      <Text mb="lg">{t('terms.intro')}</Text>
      <TermsList />
      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('terms.deletion.title')}
      </Title>
      <Stack gap="sm">
        {paragraphs.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  );
}
