import type { DonationRequest } from '@annadaan/contract/requests';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { RequestStatusBadge } from './request-status-badge';

interface Props {
  request: DonationRequest;
  /** My Orders with the receiver's own requests (where the pickup code is). */
  ordersPath: string;
  browsePath: string;
}

/** The states that settle a donation for its requester, and where each one points; the words are the catalog's `state.<status>`. */
const STATES = {
  PENDING: 'orders',
  AWAITING_PICKUP: 'code',
  COMPLETED: 'orders',
  NO_SHOW: 'orders',
  REJECTED: 'browse',
} as const satisfies Partial<Record<DonationRequest['status'], 'orders' | 'code' | 'browse'>>;
type SettledStatus = keyof typeof STATES;

const isSettledStatus = (status: string): status is SettledStatus => status in STATES;

/** Whether the viewer's own request settles this donation for them (no second request is offered). */
export function isSettledRequest(request: DonationRequest | null | undefined): request is DonationRequest {
  return request !== null && request !== undefined && isSettledStatus(request.status);
}

/** On a donation's page: where the viewer's own request stands, instead of a second 'Request This Donation'. */
export function MyRequestState({ request, ordersPath, browsePath }: Props) {
  const { t } = useTranslation('requests');
  if (!isSettledStatus(request.status)) return null;
  const status = request.status;
  const link = STATES[status];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-request-heading" data-testid="my-request-state">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} size="h4" id="my-request-heading">
            {t(`state.${status}.title`)}
          </Title>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text>{t(`state.${status}.text`)}</Text>
        {link === 'browse' ? (
          <Anchor component={Link} to={browsePath}>
            {t('state.browseOther')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={ordersPath} fw={600}>
            {link === 'code' ? t('state.viewCode') : t('state.seeRequest')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
