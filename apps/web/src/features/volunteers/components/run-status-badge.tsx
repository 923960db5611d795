import type { RunStatus } from '@annadaan/contract/runs';
import { Badge } from '@mantine/core';
import { badgeTextColor } from '../../../components/status-badge-color';
import { useTranslation } from '../../../i18n/react';
import { runStatusColor } from './run-status';

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation('volunteers');
  const color = runStatusColor(status);
  return (
    <Badge color={color} c={badgeTextColor(color)} variant="light" tt="none" data-testid="run-status" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
