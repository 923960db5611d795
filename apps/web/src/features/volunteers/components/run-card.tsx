import type { Run } from '@annadaan/contract/runs';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { useNow } from '../../../lib/use-now';
import { RunStatusBadge } from './run-status-badge';

/** One run in a volunteer's lists: what, from which area to which, how far, until when; the link to it. */
export function RunCard({ run, headingLevel = 3 }: { run: Run; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  const now = useNow();
  const minutesLeft = Math.max(0, Math.round((new Date(run.windowEndsAt).getTime() - now) / 60_000));
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`run-${run.id}-title`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={headingLevel} size="h4" id={`run-${run.id}-title`} style={{ overflowWrap: 'anywhere' }}>
            {run.foodName}
          </Title>
          <RunStatusBadge status={run.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('card.route', { from: run.pickupArea, to: run.dropoffArea })}
        </Text>
        <Text size="sm">
          {t('card.runDistance', { km: format.oneDecimal(run.runDistanceKm) })}
          {run.distanceKm === undefined ? null : ` · ${t('card.fromYou', { km: format.oneDecimal(run.distanceKm) })}`}
        </Text>
        <Text size="sm">{t('card.quantity', { quantity: run.quantity })}</Text>
        {run.status === 'OPEN' || run.status === 'CLAIMED' || run.status === 'PICKED_UP' ? (
          <Text size="sm" fw={600}>
            {minutesLeft >= 60
              ? t('card.timeLeftHours', { hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60, time: format.dateTime(run.windowEndsAt) })
              : t('card.timeLeft', { count: minutesLeft, time: format.dateTime(run.windowEndsAt) })}
          </Text>
        ) : (
          <Text size="sm">{t('card.ended', { time: format.dateTime(run.endedAt ?? run.windowEndsAt) })}</Text>
        )}
        <Group>
          <Button component={Link} to={paths.run(run.id)} variant={run.status === 'OPEN' ? 'filled' : 'light'} size="sm">
            {run.status === 'OPEN' ? t('card.openToTake') : t('card.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
