import { Container, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DonateForm } from '../../features/donations/components/donate-form';
import { paths } from '../paths';

export function DonatePage() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Donate food</Title>
      <Text c="dimmed" mb="lg">
        Fields marked * are required.
      </Text>
      <DonateForm onDonated={() => void navigate(paths.home)} />
    </Container>
  );
}
