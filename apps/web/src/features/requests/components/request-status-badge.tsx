import { Badge } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { badgeTextColor } from '../../../components/status-badge-color';
import { requestStatusColors, requestStatusLabelKey } from './labels';

export function RequestStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('common');
  const color = requestStatusColors[status] ?? 'gray';
  const key = requestStatusLabelKey(status);
  // Shade 9 text on the light background keeps 4.5:1 contrast for every colour, yellow included.
  return (
    // Never squeezed by a long food name beside it: the name wraps instead (at 360 px "Awaiting pickup" was cut off).
    <Badge color={color} c={badgeTextColor(color)} variant="light" tt="none" data-testid="request-status" style={{ flexShrink: 0 }}>
      {key ? t(key) : status}
    </Badge>
  );
}
