import type { DonationRequest } from '@annadaan/contract/requests';
import { Text } from '@mantine/core';
import { usePortionUnit } from '../../../components/portions-left';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';

/**
 * A request's share of food in portions (issue 33), for its donor and its receiver: asked,
 * accepted (maybe fewer), collected, and "Collect by 3:30 pm" while the pickup is to come.
 * Nothing for one receiver's food.
 */
export function RequestPortionsLines({ request }: { request: Pick<DonationRequest, 'portions' | 'status'> }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const unit = usePortionUnit();
  const portions = request.portions;
  if (!portions) return null;
  const say = (count: number) => ({ portions: format.number(count), unit: unit(portions.unit, count) });
  return (
    <div data-testid="request-portions">
      <Text size="sm">{t('portions.asked', say(portions.asked))}</Text>
      {/* A cancelled or declined request's portions went back: what it once held says nothing now. */}
      {portions.accepted !== null && request.status !== 'CANCELLED' && request.status !== 'REJECTED' ? (
        <Text size="sm" fw={600}>
          {t('portions.accepted', say(portions.accepted))}
        </Text>
      ) : null}
      {portions.collected !== null ? (
        <Text size="sm" fw={600}>
          {t('portions.collected', say(portions.collected))}
        </Text>
      ) : null}
      {request.status === 'AWAITING_PICKUP' && portions.collectBy ? (
        <Text size="sm" fw={700}>
          {t('portions.collectBy', { time: format.time(portions.collectBy) })}
        </Text>
      ) : null}
    </div>
  );
}
