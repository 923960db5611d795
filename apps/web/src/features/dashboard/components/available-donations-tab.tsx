import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { dashboardQueries } from '../api/dashboard-api';
import { DataTable, EmptyText, LoadingText, StatusBadge } from './dashboard-ui';

/** Mounted only while its tab is open, so the list is fetched when the tab opens (spec section 7). */
export function AvailableDonationsTab() {
  const donations = useQuery(dashboardQueries.availableDonations());
  if (donations.isPending) return <LoadingText />;
  if (donations.isError) {
    return (
      <Text c="red.8" role="alert">
        Failed to load available donations.
      </Text>
    );
  }
  if (donations.data.length === 0) return <EmptyText>No available donations found.</EmptyText>;
  return (
    <DataTable
      caption="Available donations"
      head={['Food Name', 'Description', 'Quantity', 'Location', 'Status', 'Created']}
      rows={donations.data.map((donation) => [
        donation.foodName,
        donation.description,
        donation.quantity,
        donation.location,
        <StatusBadge key="status" status={donation.status} />,
        formatDateTime(donation.createdAt),
      ])}
    />
  );
}
