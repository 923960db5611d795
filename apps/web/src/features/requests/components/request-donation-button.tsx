import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { LazyOrganisationChoice } from '../../../components/lazy-organisation-choice';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { DeliveryAsk } from './delivery-choice-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSessionToken } from '../../../lib/use-session';
import { useCreateRequest } from '../api/requests-api';

interface Props {
  donationId: number;
  signInPath: string;
  /** Where the receiver lands, given the new request's id. */
  afterRequestPath: (requestId: number) => string;
  /** Issue 32: where the donor offers delivery, how the receiver wants the food to reach them. */
  delivery?: DeliveryAsk;
  /** Called with the drop-off's problem (or null), to show at its field. */
  onDeliveryError?: (message: string | null) => void;
  /** Issue 33: portions asked for, on food shared in portions. */
  portions?: number | undefined;
  /** Issue 33: false stops the request (the "How many?" field said why). */
  onBeforeRequest?: () => boolean;
  /** Issue 33: the server's problem with the portions asked (over the most, the daily cap), for their field. */
  onPortionsError?: (message: string | null) => void;
}

/** 'Request This Donation': anonymous visitors are asked to sign in first (spec section 5). */
export function RequestDonationButton({
  donationId,
  signInPath,
  afterRequestPath,
  delivery,
  onDeliveryError,
  portions,
  onBeforeRequest,
  onPortionsError,
}: Props) {
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
    if (onBeforeRequest && !onBeforeRequest()) return;
    const deliver = delivery?.choice === 'DELIVER';
    if (deliver && delivery.address.trim() === '') {
      onDeliveryError?.(t('delivery.addressNeeded'));
      return;
    }
    onDeliveryError?.(null);
    // mutateAsync: the refetch after success shows the request's state in this button's place,
    // unmounting it before mutate's own callbacks would run.
    request
      .mutateAsync({
        donationId,
        organisationId: organisationId ? Number(organisationId) : undefined,
        portions,
        ...(deliver ? { delivery: 'DELIVER' as const, dropoff: { address: delivery.address.trim(), geolocation: delivery.geolocation } } : {}),
      })
      .then(
        (created) => {
          notifySuccess(t('requestButton.sent'));
          void navigate(afterRequestPath(created.id));
        },
        (error: unknown) => {
          const dropoffProblem = error instanceof ApiError ? (error.fieldMessage('dropoff.address') ?? error.fieldMessage('delivery')) : null;
          if (dropoffProblem) onDeliveryError?.(dropoffProblem);
          onPortionsError?.(error instanceof ApiError ? error.fieldMessage('portions') : null);
          notifyError(t('requestButton.failed', { reason: errorMessage(error) }));
        },
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
