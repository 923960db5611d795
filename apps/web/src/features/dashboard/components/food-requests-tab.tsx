import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import { formatDateTime } from '../../../lib/format';
import { DataTable, EmptyText, LoadingText, StatusBadge } from './dashboard-ui';

const FOOD_TYPE_LABELS: Record<string, string> = { PRECOOKED: 'Pre-cooked', RAW: 'Raw' };

export function FoodRequestsTab({ requests, loading }: { requests: MyFoodRequest[] | undefined; loading: boolean }) {
  if (loading) return <LoadingText />;
  if (!requests || requests.length === 0) return <EmptyText>No food requests found.</EmptyText>;
  return (
    <DataTable
      caption="My food requests"
      head={['Food Type', 'People', 'Status', 'Location', 'Created']}
      rows={requests.map((request) => [
        FOOD_TYPE_LABELS[request.foodType] ?? request.foodType,
        request.numberOfPeople,
        <StatusBadge key="status" status={request.status} />,
        request.location,
        formatDateTime(request.createdAt),
      ])}
    />
  );
}
