import type { DonationRequest } from '@annadaan/contract/requests';
import { OrganisationBadge } from '../../../components/organisation-badge';
import { Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAcceptRequest, useRejectRequest } from '../api/requests-api';
import { paymentMethodLabelKey } from './labels';
import { usePickupsRecord } from './reliability-text';
import { RequestStatusBadge } from './request-status-badge';
import { DeliveryLine } from './delivery-line';
import { RequestPortionsLines } from './request-portions-lines';

interface Props {
  request: DonationRequest;
  confirmPath: string;
  /** The rating panel for a completed handover, composed by the screen (ratings is another feature). */
  rating?: ReactNode;
}

/**
 * A request for the donor's food, with Accept / Reject while it waits, the pickup link once
 * accepted, and the rating once handed over (issue 29: every path after a handover leads here).
 */
export function ReceivedRequestCard({ request, confirmPath, rating }: Props) {
  const { t } = useTranslation(['requests', 'common']);
  const format = useFormat();
  const pickups = usePickupsRecord();
  const accept = useAcceptRequest();
  const paymentKey = paymentMethodLabelKey(request.paymentMethod);
  const reject = useRejectRequest();
  const busy = accept.isPending || reject.isPending;
  // Issue 33: portions to accept, all that was asked at first.
  const [count, setCount] = useState<number | string>(request.portions?.asked ?? 1);
  const [countError, setCountError] = useState<string | null>(null);

  return (
    <Card withBorder component="article" aria-label={t('received.cardLabel', { food: request.foodName, name: request.receiverName })}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{request.foodName}</Text>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm">{t('received.receiver', { name: request.receiverName })}</Text>
        <OrganisationBadge organisation={request.organisation} side="for" />
        {request.status === 'PENDING' && request.receiverReliability && (
          <Text size="sm" fw={600}>
            {t('received.receiverRecord', { record: pickups(request.receiverReliability) })}
          </Text>
        )}
        <Text size="sm">{t('received.payment', { method: paymentKey ? t(paymentKey, { ns: 'common' }) : request.paymentMethod })}</Text>
        <Text size="sm">{t('received.requestedOn', { date: format.dateTime(request.requestDate) })}</Text>
        <DeliveryLine request={request} side="donor" />
        <RequestPortionsLines request={request} />
        {request.status === 'PENDING' && request.portions ? (
          // Issue 33: the donor may accept fewer portions than asked, never more.
          <NumberInput
            label={t('portions.acceptHowMany')}
            description={t('portions.acceptHint', { asked: request.portions.asked })}
            min={1}
            max={request.portions.asked}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            inputMode="numeric"
            value={count}
            onChange={setCount}
            error={countError}
            w={220}
          />
        ) : null}
        {request.status === 'PENDING' && (
          <Group mt="xs">
            <Button
              loading={accept.isPending}
              disabled={busy}
              onClick={() => {
                const portions = request.portions ? Number(count) : undefined;
                if (request.portions && !(Number.isInteger(portions) && portions !== undefined && portions >= 1 && portions <= request.portions.asked)) {
                  setCountError(t('portions.howManyInvalid', { max: request.portions.asked }));
                  return;
                }
                setCountError(null);
                accept.mutate(
                  { id: request.id, portions },
                  {
                    // Spec section 8 says 'Request accepted. OTP sent to receiver.', but no message is sent anywhere:
                    // the receiver reads the code in My Orders. Said as it is until a real channel sends it (decision 011).
                    onSuccess: () => notifySuccess(t('received.accepted')),
                    // The spec's words, then why (e.g. the receiver's missed pickups hold them to one accepted request).
                    onError: (error) => {
                      // Issue 33: fewer left than chosen says so at the field.
                      setCountError(error instanceof ApiError ? error.fieldMessage('portions') : null);
                      notifyError(t('received.acceptFailed', { reason: errorMessage(error) }));
                    },
                  },
                );
              }}
            >
              {t('received.accept')}
            </Button>
            <Button
              color="red"
              variant="outline"
              loading={reject.isPending}
              disabled={busy}
              onClick={() =>
                reject.mutate(request.id, {
                  onSuccess: () => notifySuccess(t('received.rejected')),
                  onError: () => notifyError(t('received.rejectFailed')),
                })
              }
            >
              {t('received.reject')}
            </Button>
          </Group>
        )}
        {/* While a volunteer holds the food, the receiver gets it from them: nothing to confirm here. */}
        {request.status === 'AWAITING_PICKUP' && request.runStatus !== 'PICKED_UP' && (
          <Stack gap={4} mt="xs">
            <Text size="sm">{t('pickup.askCode')}</Text>
            <Group>
              <Button component={Link} to={request.portions?.accepted ? `${confirmPath}?portions=${request.portions.accepted}` : confirmPath}>
                {t('received.confirmViaOtp')}
              </Button>
            </Group>
          </Stack>
        )}
        {request.status === 'COMPLETED' && rating}
      </Stack>
    </Card>
  );
}
