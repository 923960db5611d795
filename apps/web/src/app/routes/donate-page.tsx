import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { DonateForm } from '../../features/donations/components/donate-form';
import { paths } from '../paths';

export function DonatePage() {
  const { t } = useTranslation('donations');
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('donate.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('donate.requiredNote')}
      </Text>
      <DonateForm onDonated={() => void navigate(paths.home)} />
    </Container>
  );
}
