import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import type { DonationRequest } from '@annadaan/contract/requests';
import { Stack, Text } from '@mantine/core';
import { formatCount, formatDateTime } from '../../../lib/format';
import { DataTable, EmptyText, LoadingText, StatusBadge } from './dashboard-ui';

const FOOD_TYPE_LABELS: Record<string, string> = { PRECOOKED: 'Pre-cooked', RAW: 'Raw' };

interface Props {
  /** The food needs the person posted (the latest page of them). */
  needs: { items: MyFoodRequest[]; total: number } | undefined;
  /** The requests the person sent on donations. */
  donationRequests: DonationRequest[];
  loading: boolean;
}

/**
 * Lists what the Overview's "Food Requests" counter counts (decision 007, kept in 011): every time
 * the person asked for food, the needs they posted and their requests on donations.
 */
export function FoodRequestsTab({ needs, donationRequests, loading }: Props) {
  if (loading) return <LoadingText />;
  const needsTotal = needs?.total ?? 0;
  if (needsTotal === 0 && donationRequests.length === 0) return <EmptyText>No food requests found.</EmptyText>;
  const total = needsTotal + donationRequests.length;
  return (
    <Stack gap="lg">
      <Text data-testid="food-requests-total">
        {formatCount(total)} {total === 1 ? 'food request' : 'food requests'}: {formatCount(needsTotal)} posted as food needs,{' '}
        {formatCount(donationRequests.length)} on donations.
      </Text>
      {needs && needs.items.length > 0 ? (
        <>
          <DataTable
            caption="My food requests"
            head={['Food Type', 'People', 'Status', 'Location', 'Created']}
            rows={needs.items.map((request) => [
              FOOD_TYPE_LABELS[request.foodType] ?? request.foodType,
              request.numberOfPeople,
              <StatusBadge key="status" status={request.status} />,
              request.location,
              formatDateTime(request.createdAt),
            ])}
          />
          {needs.total > needs.items.length ? (
            <Text size="sm" c="dimmed">
              Showing the latest {formatCount(needs.items.length)} of {formatCount(needs.total)} food needs.
            </Text>
          ) : null}
        </>
      ) : null}
      {donationRequests.length > 0 ? (
        <DataTable
          caption="My requests on donations"
          head={['Food Name', 'Food Type', 'Donor', 'Status', 'Requested']}
          rows={donationRequests.map((request) => [
            request.foodName,
            FOOD_TYPE_LABELS[request.foodType] ?? request.foodType,
            request.donorName,
            <StatusBadge key="status" status={request.status} />,
            formatDateTime(request.requestDate),
          ])}
        />
      ) : null}
    </Stack>
  );
}
