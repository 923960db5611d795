import { Anchor, Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { useDonation } from '../../features/donations/api/donations-api';
import { DonationDetails } from '../../features/donations/components/donation-details';
import { RequestDonationButton } from '../../features/requests/components/request-donation-button';
import { paths } from '../paths';

/** /request-donation/:donationId — public, so a shared link works before signing in. */
export function DonationDetailPage() {
  const { donationId = '' } = useParams();
  const query = useDonation(donationId);
  // The food's name, so tabs and history tell donations apart.
  usePageTitle(query.data?.foodName);

  let body: ReactNode;
  if (query.isPending) {
    body = <Text role="status">Loading donation details...</Text>;
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <Text role="alert">Donation not found.</Text>
      ) : (
        <Text role="alert" c="red.8">
          Could not load this donation. Check your connection and try again.
        </Text>
      );
  } else {
    const donation = query.data;
    body = (
      <Stack gap="lg">
        <DonationDetails donation={donation} />
        {donation.status === 'AVAILABLE' ? (
          <RequestDonationButton donationId={donation.id} signInPath={paths.signIn} afterRequestPath={paths.myOrders} />
        ) : (
          <Text fw={600}>This donation is not available for request.</Text>
        )}
      </Stack>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to={paths.browse} mb="md" display="inline-block">
        ← Back to donations
      </Anchor>
      {body}
    </Container>
  );
}
