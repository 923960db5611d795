import type { DonationRequest } from '@annadaan/contract/requests';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';

/**
 * Where a "Please deliver" request stands (issue 32): where it goes, whether a volunteer has it,
 * and the way to the delivery's page, where each step shows as it happens.
 */
export function DeliveryLine({ request, side }: { request: DonationRequest; side: 'receiver' | 'donor' }) {
  const { t } = useTranslation('requests');
  if (request.deliveryChoice !== 'DELIVER') return null;
  return (
    <Stack gap={2} data-testid="delivery-line">
      {request.dropoffAddress ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {side === 'receiver' ? t('delivery.asked', { address: request.dropoffAddress }) : t('delivery.askedDonor', { address: request.dropoffAddress })}
        </Text>
      ) : null}
      {request.runId !== null && request.runStatus !== null ? (
        <Text size="sm" fw={600}>
          {t(`delivery.run.${request.runStatus}`)}{' '}
          <Anchor component={Link} to={paths.run(request.runId)}>
            {t('delivery.see')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
