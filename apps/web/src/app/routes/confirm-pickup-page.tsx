import { Anchor, Container, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmPickupForm } from '../../features/requests/components/confirm-pickup-form';
import { paths } from '../paths';

export function ConfirmPickupPage() {
  const { t } = useTranslation('requests');
  const { requestId = '' } = useParams();
  const navigate = useNavigate();
  // Issue 33: the portions accepted, handed over in the link from the request's card (the server checks them).
  const accepted = Number(useSearchParams()[0].get('portions'));
  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to={paths.receivedRequests} mb="md" display="inline-block">
        {t('pickup.back')}
      </Anchor>
      <Title order={1} mb="md">
        {t('pickup.pageTitle')}
      </Title>
      <ConfirmPickupForm
        requestId={requestId}
        portionsAccepted={Number.isInteger(accepted) && accepted >= 1 ? accepted : null}
        onConfirmed={() => void navigate(paths.receivedRequests)}
      />
    </Container>
  );
}
