import type { DonationRequest } from '@annadaan/contract/requests';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RequestStatusBadge } from './request-status-badge';

interface Props {
  request: DonationRequest;
  /** My Orders with the receiver's own requests (where the pickup code is). */
  ordersPath: string;
  browsePath: string;
}

const STATES: Partial<Record<DonationRequest['status'], { title: string; text: string; link: 'orders' | 'code' | 'browse' }>> = {
  PENDING: { title: 'Request sent', text: "Your request is waiting for the donor's answer.", link: 'orders' },
  AWAITING_PICKUP: {
    title: 'Request accepted',
    text: 'The donor accepted your request. Show your pickup code to the donor when you collect the food.',
    link: 'code',
  },
  COMPLETED: { title: 'Collected', text: 'You collected this food. You can rate the donor in My Orders.', link: 'orders' },
  NO_SHOW: {
    title: 'Pickup missed',
    text: 'The food expired before you collected it. This counts as a missed pickup on your profile.',
    link: 'orders',
  },
  REJECTED: { title: 'Request rejected', text: 'The donor turned down your request for this donation.', link: 'browse' },
};

/** Whether the viewer's own request settles this donation for them (no second request is offered). */
export function isSettledRequest(request: DonationRequest | null | undefined): request is DonationRequest {
  return request !== null && request !== undefined && STATES[request.status] !== undefined;
}

/** On a donation's page: where the viewer's own request stands, instead of a second 'Request This Donation'. */
export function MyRequestState({ request, ordersPath, browsePath }: Props) {
  const state = STATES[request.status];
  if (!state) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-request-heading" data-testid="my-request-state">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} size="h4" id="my-request-heading">
            {state.title}
          </Title>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text>{state.text}</Text>
        {state.link === 'browse' ? (
          <Anchor component={Link} to={browsePath}>
            Browse other donations
          </Anchor>
        ) : (
          <Anchor component={Link} to={ordersPath} fw={600}>
            {state.link === 'code' ? 'View your pickup code in My Orders' : 'See your request in My Orders'}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
