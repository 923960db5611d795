import { Badge } from '@mantine/core';
import { requestStatusColors, requestStatusLabels } from './labels';

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={requestStatusColors[status] ?? 'gray'} variant="light" data-testid="request-status">
      {requestStatusLabels[status] ?? status}
    </Badge>
  );
}
