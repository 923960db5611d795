import type { Donation } from '@annadaan/contract/donations';
import { Container, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { DonateForm } from '../../features/donations/components/donate-form';
import { DonationListed } from '../../features/donations/components/donation-listed';

export function DonatePage() {
  const { t } = useTranslation('donations');
  const [listed, setListed] = useState<Donation | null>(null);
  if (listed) {
    return (
      <Container size="sm" py="xl">
        <DonationListed
          donation={listed}
          onListAnother={() => {
            setListed(null);
            window.scrollTo({ top: 0 });
          }}
        />
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('donate.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('donate.requiredNote')}
      </Text>
      <DonateForm
        onDonated={(donation) => {
          setListed(donation);
          // The result starts at the top, where its heading is.
          window.scrollTo({ top: 0 });
        }}
      />
    </Container>
  );
}
