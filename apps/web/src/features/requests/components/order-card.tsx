import type { DonationRequest } from '@annadaan/contract/requests';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCountdown, formatLongDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';
import { errorMessage } from '../../../lib/api-client';
import { useCancelRequest } from '../api/requests-api';
import { InlineConfirmPickup } from './inline-confirm-pickup';
import { isOngoing } from './labels';
import { PickupCodePanel } from './pickup-code-panel';
import { RequestStatusBadge } from './request-status-badge';

export type OrderMode = 'collected' | 'donated';

interface Props {
  request: DonationRequest;
  mode: OrderMode;
  /** The rating panel, composed by the screen (ratings is another feature). */
  rating?: ReactNode;
  /** The donor's withdraw-donation action, composed by the screen. */
  donorActions?: ReactNode;
}

function TimeLeft({ request }: { request: DonationRequest }) {
  const now = useNow();
  // A countdown only means something while the pickup can still happen.
  if (!isOngoing(request.status) || !request.expiresAt) return <>N/A</>;
  const left = (new Date(request.expiresAt).getTime() - now) / 1000;
  return <>{left > 0 ? formatCountdown(left) : 'Expired'}</>;
}

/** One request on My orders, seen by its receiver (collected) or its donor (donated). */
export function OrderCard({ request, mode, rating, donorActions }: Props) {
  const cancel = useCancelRequest();
  const receiver = mode === 'collected';

  return (
    <Card withBorder component="article" aria-label={`${request.foodName}, ${request.status}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{request.foodName}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm">Received on: {formatLongDate(request.requestDate ?? request.createdAt)}</Text>
        <Text size="sm">Free: {request.free ? 'Yes' : 'No'}</Text>
        <Text size="sm">
          Time left: <TimeLeft request={request} />
        </Text>
        <Text size="sm">{receiver ? `Donor: ${request.donorName}` : `Receiver: ${request.receiverName}`}</Text>

        {receiver && request.status === 'AWAITING_PICKUP' && <PickupCodePanel requestId={request.id} />}
        {!receiver && request.status === 'AWAITING_PICKUP' && <InlineConfirmPickup requestId={request.id} />}

        {receiver && (request.status === 'PENDING' || request.status === 'AWAITING_PICKUP') && (
          <Group>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(request.id, {
                  onSuccess: () => notifySuccess('Request cancelled.'),
                  onError: (error) => notifyError(`Failed to cancel request: ${errorMessage(error)}`),
                })
              }
            >
              Cancel request
            </Button>
          </Group>
        )}
        {!receiver && donorActions}
        {request.status === 'COMPLETED' && rating}
      </Stack>
    </Card>
  );
}
