import type { RunStatus } from '@annadaan/contract/runs';

/** A light badge's colour name per run status (components/status-badge-color gives its text colour). */
export function runStatusColor(status: RunStatus): string {
  switch (status) {
    case 'OPEN':
      return 'blue';
    case 'CLAIMED':
      return 'grape';
    case 'PICKED_UP':
      return 'orange';
    case 'DELIVERED':
      return 'green';
    default:
      return 'gray';
  }
}
