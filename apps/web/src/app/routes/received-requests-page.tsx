import { Container, Stack, Text, Title } from '@mantine/core';
import { LoadMore } from '../../components/load-more';
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
          ) : requests.data.items.length === 0 ? (
            <Text role="status">No received requests.</Text>
          ) : (
            <Stack gap="sm">
              {requests.data.items.map((request) => (
                <ReceivedRequestCard key={request.id} request={request} confirmPath={paths.confirmPickup(request.id)} />
              ))}
              <LoadMore
                shown={requests.data.items.length}
                total={requests.data.total}
                noun="requests"
                hasMore={requests.hasNextPage}
                loading={requests.isFetchingNextPage}
                onLoadMore={() => void requests.fetchNextPage()}
              />
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
            <>
              <MyDonationsList donations={donations.data.items} linkTo={(donation) => paths.requestDonation(donation.id)} />
              <LoadMore
                shown={donations.data.items.length}
                total={donations.data.total}
                noun="donations"
                hasMore={donations.hasNextPage}
                loading={donations.isFetchingNextPage}
                onLoadMore={() => void donations.fetchNextPage()}
              />
            </>
          )}
        </section>
      </Stack>
    </Container>
  );
}
