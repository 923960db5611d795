import type { DonationRequest } from '@annadaan/contract/requests';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatHandovers, formatLongDate, formatPickups, formatTimeLeft } from '../../../lib/format';
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
  return <>{left > 0 ? formatTimeLeft(left) : 'Expired'}</>;
}

/** The receiver withdraws a request; asks once more, since an accepted pickup cannot be taken back. */
function CancelRequest({ requestId, foodName }: { requestId: number; foodName: string }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelRequest();
  if (!asking) {
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
          Cancel request
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={`Cancel the request for ${foodName}?`}>
      <Text size="sm">Cancel your request for {foodName}?</Text>
      <Button
        size="xs"
        color="red"
        loading={cancel.isPending}
        onClick={() =>
          // mutateAsync: the refetch after success may unmount this control before mutate's callbacks run.
          cancel.mutateAsync(requestId).then(
            () => notifySuccess('Request cancelled.'),
            (error: unknown) => notifyError(`Failed to cancel request: ${errorMessage(error)}`),
          )
        }
      >
        Yes, cancel
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </Group>
  );
}

/** One request on My orders, seen by its receiver (collected) or its donor (donated). */
export function OrderCard({ request, mode, rating, donorActions }: Props) {
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
        {receiver && request.donorReliability && <Text size="sm">Donor's record: {formatHandovers(request.donorReliability)}</Text>}
        {!receiver && request.status === 'PENDING' && request.receiverReliability && (
          <Text size="sm">Receiver's record: {formatPickups(request.receiverReliability)}</Text>
        )}

        {receiver && request.status === 'AWAITING_PICKUP' && <PickupCodePanel requestId={request.id} />}
        {!receiver && request.status === 'AWAITING_PICKUP' && <InlineConfirmPickup requestId={request.id} />}

        {receiver && (request.status === 'PENDING' || request.status === 'AWAITING_PICKUP') && (
          <CancelRequest requestId={request.id} foodName={request.foodName} />
        )}
        {!receiver && donorActions}
        {request.status === 'COMPLETED' && rating}
      </Stack>
    </Card>
  );
}
