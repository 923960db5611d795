import { Container, Stack, Text, Title } from '@mantine/core';
import { useMyDonations } from '../../features/donations/api/donations-api';
import { MyDonationsList } from '../../features/donations/components/my-donations-list';
import { useReceivedRequests } from '../../features/requests/api/requests-api';
import { ReceivedRequestCard } from '../../features/requests/components/received-request-card';
import { paths } from '../paths';

/** /my-received-requests and /received-requests: requests for the donor's food, and the donor's donations. */
export function ReceivedRequestsPage() {
  const requests = useReceivedRequests();
  const donations = useMyDonations();

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <section aria-labelledby="received-heading">
          <Title order={1} id="received-heading" mb="md">
            My Received Requests
          </Title>
          {requests.isPending ? (
            <Text role="status">Loading requests...</Text>
          ) : requests.isError ? (
            <Text role="alert" c="red.8">
              Could not load your requests. Check your connection and try again.
            </Text>
          ) : requests.data.length === 0 ? (
            <Text role="status">No received requests.</Text>
          ) : (
            <Stack gap="sm">
              {requests.data.map((request) => (
                <ReceivedRequestCard key={request.id} request={request} confirmPath={paths.confirmPickup(request.id)} />
              ))}
            </Stack>
          )}
        </section>
        <section aria-labelledby="my-donations-heading">
          <Title order={2} id="my-donations-heading" mb="md">
            My donations
          </Title>
          {donations.isPending ? (
            <Text role="status">Loading donations...</Text>
          ) : donations.isError ? (
            <Text role="alert" c="red.8">
              Could not load your donations.
            </Text>
          ) : (
            <MyDonationsList donations={donations.data} linkTo={(donation) => paths.requestDonation(donation.id)} />
          )}
        </section>
      </Stack>
    </Container>
  );
}
