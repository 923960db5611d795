import type { DonationRequest } from '@annadaan/contract/requests';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatCountdown } from '../../../lib/format';
import { useFormat } from '../../../lib/locale-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';
import { errorMessage } from '../../../lib/api-client';
import { badgeTextColor } from '../../../components/status-badge-color';
import { useCancelRequest } from '../api/requests-api';
import { InlineConfirmPickup } from './inline-confirm-pickup';
import { isOngoing, requestStatusLabelKey } from './labels';
import { PickupCodePanel } from './pickup-code-panel';
import { PickupPlace } from './pickup-place';
import { DeliveryLine } from './delivery-line';
import { RequestPortionsLines } from './request-portions-lines';
import { RequestStatusBadge } from './request-status-badge';
import { useHandoversRecord, usePickupsRecord } from './reliability-text';

export type OrderMode = 'collected' | 'donated';

interface Props {
  request: DonationRequest;
  mode: OrderMode;
  /** The rating panel, composed by the screen (ratings is another feature). */
  rating?: ReactNode;
  /** The donor's withdraw-donation action, composed by the screen. */
  donorActions?: ReactNode;
  /** The donation's page, linked from the accepted receiver's pickup place. */
  donationPath: string;
}

const DAY_SECONDS = 24 * 3600;

/** What became of a finished request, said beside its N/A time left. */
const OUTCOMES: Partial<Record<DonationRequest['status'], 'collected' | 'declined' | 'cancelled' | 'expired'>> = {
  COMPLETED: 'collected',
  REJECTED: 'declined',
  CANCELLED: 'cancelled',
  NO_SHOW: 'expired',
};

/** The spec's free yes/no, as a badge: "Free", or the price. */
export function PriceBadge({ request }: { request: Pick<DonationRequest, 'free' | 'price'> }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  return (
    <Badge variant="light" color={request.free ? 'green' : 'gray'} c={badgeTextColor(request.free ? 'green' : 'gray')} tt="none" style={{ flexShrink: 0 }}>
      {request.free ? t('order.freeBadge') : format.rupees(request.price)}
    </Badge>
  );
}

/**
 * Time left before food expires (issue 11): above 24 hours, whole days and hours ("19 days 23 h",
 * rounded down so it never promises more time than there is); from 24 hours down, the live
 * HH:MM:SS countdown of spec section 9.
 */
function TimeLeft({ request }: { request: DonationRequest }) {
  const { t } = useTranslation('requests');
  const now = useNow();
  // A countdown only means something while the pickup can still happen.
  if (!isOngoing(request.status) || !request.expiresAt) {
    // The spec's N/A, and what happened beside it (issue 29: N/A alone said nothing).
    const outcome = OUTCOMES[request.status];
    return <>{outcome ? t('timeLeft.notApplicableWith', { outcome: t(`timeLeft.outcome.${outcome}`) }) : t('timeLeft.notApplicable')}</>;
  }
  const left = Math.floor((new Date(request.expiresAt).getTime() - now) / 1000);
  if (left <= 0) return <>{t('timeLeft.expired')}</>;
  if (left <= DAY_SECONDS) return <>{formatCountdown(left)}</>;
  return <>{t('timeLeft.days', { count: Math.floor(left / DAY_SECONDS), hours: Math.floor((left % DAY_SECONDS) / 3600) })}</>;
}

/** The receiver withdraws a request; asks once more, since an accepted pickup cannot be taken back. */
function CancelRequest({ requestId, foodName }: { requestId: number; foodName: string }) {
  const { t } = useTranslation('requests');
  const [asking, setAsking] = useState(false);
  const cancel = useCancelRequest();
  if (!asking) {
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
          {t('cancel.button')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={t('cancel.groupLabel', { food: foodName })}>
      <Text size="sm">{t('cancel.question', { food: foodName })}</Text>
      <Button
        size="xs"
        color="red"
        loading={cancel.isPending}
        onClick={() =>
          // mutateAsync: the refetch after success may unmount this control before mutate's callbacks run.
          cancel.mutateAsync(requestId).then(
            () => notifySuccess(t('cancel.done')),
            (error: unknown) => notifyError(t('cancel.failed', { reason: errorMessage(error) })),
          )
        }
      >
        {t('cancel.yes')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        {t('cancel.keep')}
      </Button>
    </Group>
  );
}

/** One request on My orders, seen by its receiver (collected) or its donor (donated). */
export function OrderCard({ request, mode, rating, donorActions, donationPath }: Props) {
  const { t } = useTranslation(['requests', 'common']);
  const format = useFormat();
  const pickups = usePickupsRecord();
  const handovers = useHandoversRecord();
  const receiver = mode === 'collected';
  const statusKey = requestStatusLabelKey(request.status);

  return (
    <Card
      withBorder
      component="article"
      aria-label={t('order.cardLabel', { food: request.foodName, status: statusKey ? t(statusKey, { ns: 'common' }) : request.status })}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{request.foodName}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Group gap="xs" justify="space-between">
          {/* The spec's received-on date is the day the request was made: said so (issue 29). */}
          <Text size="sm">{t('order.requestedOn', { date: format.date(request.requestDate ?? request.createdAt) })}</Text>
          <PriceBadge request={request} />
        </Group>
        <Text size="sm">
          {t('order.timeLeft')} <TimeLeft request={request} />
        </Text>
        <Text size="sm">{receiver ? t('order.donor', { name: request.donorName }) : t('order.receiver', { name: request.receiverName })}</Text>
        {receiver && request.donorReliability && <Text size="sm">{t('order.donorRecord', { record: handovers(request.donorReliability) })}</Text>}
        {!receiver && request.status === 'PENDING' && request.receiverReliability && (
          <Text size="sm">{t('order.receiverRecord', { record: pickups(request.receiverReliability) })}</Text>
        )}

        <DeliveryLine request={request} side={receiver ? 'receiver' : 'donor'} />
        <RequestPortionsLines request={request} />
        {receiver && request.status === 'AWAITING_PICKUP' && <PickupPlace request={request} donationPath={donationPath} />}
        {receiver && request.status === 'AWAITING_PICKUP' && <PickupCodePanel requestId={request.id} />}
        {!receiver && request.status === 'AWAITING_PICKUP' && request.runStatus !== 'PICKED_UP' && (
          <InlineConfirmPickup requestId={request.id} portionsAccepted={request.portions?.accepted ?? null} />
        )}

        {receiver && (request.status === 'PENDING' || request.status === 'AWAITING_PICKUP') && (
          <CancelRequest requestId={request.id} foodName={request.foodName} />
        )}
        {!receiver && donorActions}
        {request.status === 'COMPLETED' && rating}
      </Stack>
    </Card>
  );
}
