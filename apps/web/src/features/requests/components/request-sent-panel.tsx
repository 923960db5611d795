import type { DonationRequest } from '@annadaan/contract/requests';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { RequestStatusBadge } from './request-status-badge';

interface Props {
  request: DonationRequest;
  onDismiss: () => void;
}

/**
 * Where a receiver lands after requesting food (issue 29, item 3): what they just made and what
 * comes next, above the request's own card in My Orders (the spec's /my-order after the toast).
 */
export function RequestSentPanel({ request, onDismiss }: Props) {
  const { t } = useTranslation('requests');
  return (
    <Paper withBorder p="md" radius="md" bg="green.0" component="section" aria-labelledby="request-sent-heading" data-testid="request-sent">
      <Stack gap="xs">
        <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id="request-sent-heading">
            {t('sent.title', { food: request.foodName })}
          </Title>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text fw={600}>{t('sent.next')}</Text>
        <Text component="ol" size="sm" m={0} pl="lg">
          <li>{t('sent.step1')}</li>
          <li>{t('sent.step2')}</li>
          <li>{t('sent.step3')}</li>
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={onDismiss}>
            {t('sent.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
