import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { LazyOrganisationChoice } from '../../../components/lazy-organisation-choice';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSessionToken } from '../../../lib/use-session';
import { useCreateRequest } from '../api/requests-api';

interface Props {
  donationId: number;
  signInPath: string;
  /** Where the receiver lands, given the new request's id. */
  afterRequestPath: (requestId: number) => string;
}

/** 'Request This Donation': anonymous visitors are asked to sign in first (spec section 5). */
export function RequestDonationButton({ donationId, signInPath, afterRequestPath }: Props) {
  const { t } = useTranslation('requests');
  const token = useSessionToken();
  const navigate = useNavigate();
  const request = useCreateRequest();
  // Issue 32: on behalf of one of the receiver's organisations, when they belong to one.
  const [organisationId, setOrganisationId] = useState('');

  const onClick = () => {
    if (!token) {
      notifyError(t('requestButton.signInFirst'));
      // Back here after signing in, so the request is one click away.
      void navigate(signInPath, { state: { from: window.location.pathname } });
      return;
    }
    // mutateAsync: the refetch after success shows the request's state in this button's place,
    // unmounting it before mutate's own callbacks would run.
    request.mutateAsync({ donationId, organisationId: organisationId ? Number(organisationId) : undefined }).then(
      (created) => {
        notifySuccess(t('requestButton.sent'));
        void navigate(afterRequestPath(created.id));
      },
      (error: unknown) => notifyError(t('requestButton.failed', { reason: errorMessage(error) })),
    );
  };

  return (
    <Stack gap="xs" align="flex-start">
      {token ? <LazyOrganisationChoice purpose="request" value={organisationId} onChange={setOrganisationId} /> : null}
      <Button size="md" onClick={onClick} loading={request.isPending}>
        {t('requestButton.label')}
      </Button>
    </Stack>
  );
}
