import { Anchor, Container, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmPickupForm } from '../../features/requests/components/confirm-pickup-form';
import { paths } from '../paths';

export function ConfirmPickupPage() {
  const { requestId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to={paths.receivedRequests} mb="md" display="inline-block">
        ← Back to received requests
      </Anchor>
      <Title order={1} mb="md">
        Confirm pickup
      </Title>
      <ConfirmPickupForm requestId={requestId} onConfirmed={() => void navigate(paths.receivedRequests)} />
    </Container>
  );
}
