import { Button, Container, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text mt="md">{t('notFound.text')}</Text>
      <Button component={Link} to="/" mt="lg">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}
