import type { DonationRequest } from '@annadaan/contract/requests';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatPickups } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAcceptRequest, useRejectRequest } from '../api/requests-api';
import { paymentMethodLabels } from './labels';
import { RequestStatusBadge } from './request-status-badge';

/**
 * Spec section 8 says 'Request accepted. OTP sent to receiver.', but no message is sent anywhere:
 * the receiver reads the code in My Orders. Said as it is until a real channel sends it (decision 011).
 */
const ACCEPTED_MESSAGE = 'Request accepted. The receiver now sees the pickup code (OTP) in My Orders.';

/** A request for the donor's food, with Accept / Reject while it waits, and the pickup link once accepted. */
export function ReceivedRequestCard({ request, confirmPath }: { request: DonationRequest; confirmPath: string }) {
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const busy = accept.isPending || reject.isPending;

  return (
    <Card withBorder component="article" aria-label={`Request for ${request.foodName} from ${request.receiverName}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{request.foodName}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm">Receiver: {request.receiverName}</Text>
        {request.status === 'PENDING' && request.receiverReliability && (
          <Text size="sm" fw={600}>
            Receiver's record: {formatPickups(request.receiverReliability)}
          </Text>
        )}
        <Text size="sm">Payment: {paymentMethodLabels[request.paymentMethod] ?? request.paymentMethod}</Text>
        <Text size="sm">Requested on: {formatDateTime(request.requestDate)}</Text>
        {request.status === 'PENDING' && (
          <Group mt="xs">
            <Button
              loading={accept.isPending}
              disabled={busy}
              onClick={() =>
                accept.mutate(request.id, {
                  onSuccess: () => notifySuccess(ACCEPTED_MESSAGE),
                  // The spec's words, then why (e.g. the receiver's missed pickups hold them to one accepted request).
                  onError: (error) => notifyError(`Failed to accept request. ${errorMessage(error)}`),
                })
              }
            >
              Accept
            </Button>
            <Button
              color="red"
              variant="outline"
              loading={reject.isPending}
              disabled={busy}
              onClick={() =>
                reject.mutate(request.id, {
                  onSuccess: () => notifySuccess('Request rejected.'),
                  onError: () => notifyError('Failed to reject request.'),
                })
              }
            >
              Reject
            </Button>
          </Group>
        )}
        {request.status === 'AWAITING_PICKUP' && (
          <Group mt="xs">
            <Button component={Link} to={confirmPath}>
              Confirm Pickup via OTP
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
