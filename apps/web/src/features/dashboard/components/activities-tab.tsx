import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest } from '@annadaan/contract/requests';
import { Stack } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { DataTable, EmptyText, Section, StatusBadge, statusLabel } from './dashboard-ui';

export function ActivitiesTab({ donations, requests }: { donations: Donation[]; requests: DonationRequest[] }) {
  return (
    <Stack gap="lg">
      <Section title="My donations" id="activities-donations">
        {donations.length === 0 ? (
          <EmptyText>No donations yet</EmptyText>
        ) : (
          <DataTable
            caption="My donations"
            head={['Food Name', 'Quantity', 'Status', 'Created', 'Location']}
            rows={donations.map((donation) => [
              donation.foodName,
              donation.quantity,
              <StatusBadge key="status" status={donation.status} />,
              formatDateTime(donation.createdAt),
              donation.location,
            ])}
          />
        )}
      </Section>
      <Section title="My requests" id="activities-requests">
        {requests.length === 0 ? (
          <EmptyText>No requests yet</EmptyText>
        ) : (
          <DataTable
            caption="My requests"
            head={['Food Name', 'Donor', 'Status', 'Requested', 'Payment']}
            rows={requests.map((request) => [
              request.foodName,
              request.donorName,
              <StatusBadge key="status" status={request.status} />,
              formatDateTime(request.requestDate),
              statusLabel(request.paymentMethod),
            ])}
          />
        )}
      </Section>
    </Stack>
  );
}
