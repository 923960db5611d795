import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more';
import { useMyDonations } from '../../features/donations/api/donations-api';
import { MyDonationsList } from '../../features/donations/components/my-donations-list';
import { usePendingReceived, useReceivedRequests } from '../../features/requests/api/requests-api';
import { ReceivedRequestCard } from '../../features/requests/components/received-request-card';
import { RatingPanel } from '../../features/ratings/components/rating-panel';
import { paths } from '../paths';
import { EmptyState } from '../../components/empty-state';

/** /my-received-requests and /received-requests: requests for the donor's food, and the donor's donations. */
export function ReceivedRequestsPage() {
  // The donations list's catalog with the screen's own, fetched together rather than one after another.
  const { t } = useTranslation(['requests', 'donations', 'ratings']);
  const [params] = useSearchParams();
  const donationFilter = Number(params.get('donation'));
  const filtered = Number.isInteger(donationFilter) && donationFilter > 0;
  // The server lists waiting requests first, so Accept / Reject is the first thing the donor sees.
  const requests = useReceivedRequests(filtered ? donationFilter : undefined);
  const donations = useMyDonations();
  const pending = usePendingReceived();
  const rows = requests.data?.items ?? [];
  const filteredName = filtered ? rows[0]?.foodName : undefined;

  // The link may come from the donations list further down this very screen: bring the requests into view.
  useEffect(() => {
    if (filtered) document.getElementById('received-heading')?.scrollIntoView();
  }, [filtered, donationFilter]);

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <section aria-labelledby="received-heading">
          <Title order={1} id="received-heading" mb="md">
            {t('receivedPage.title')}
          </Title>
          {filtered ? (
            <Group gap="xs" mb="md">
              <Text size="sm">{t('receivedPage.showingFor', { name: filteredName ?? t('receivedPage.oneDonation') })}</Text>
              <Anchor component={Link} to={paths.myReceivedRequests} size="sm">
                {t('receivedPage.showAll')}
              </Anchor>
            </Group>
          ) : null}
          {requests.isPending ? (
            <Text role="status">{t('receivedPage.loading')}</Text>
          ) : requests.isError ? (
            <Text role="alert" c="red.8">
              {t('receivedPage.loadFailed')}
            </Text>
          ) : rows.length === 0 ? (
            <EmptyState role="status" message={t('receivedPage.empty')} action={{ kind: 'donate', to: paths.donate }} />
          ) : (
            <Stack gap="sm">
              {rows.map((request) => (
                <ReceivedRequestCard
                  key={request.id}
                  request={request}
                  confirmPath={paths.confirmPickup(request.id)}
                  // Rating the receiver is where the handover leads: the "Pickup complete" notice and a confirmed code land here.
                  rating={<RatingPanel requestId={request.id} otherName={request.receiverName} />}
                />
              ))}
              <LoadMore
                shown={requests.data.items.length}
                total={requests.data.total}
                noun={t('receivedPage.nounRequests')}
                hasMore={requests.hasNextPage}
                loading={requests.isFetchingNextPage}
                onLoadMore={() => void requests.fetchNextPage()}
              />
            </Stack>
          )}
        </section>
        <section aria-labelledby="my-donations-heading">
          <Title order={2} id="my-donations-heading" mb="md">
            {t('receivedPage.myDonations')}
          </Title>
          {donations.isPending ? (
            <Text role="status">{t('receivedPage.loadingDonations')}</Text>
          ) : donations.isError ? (
            <Text role="alert" c="red.8">
              {t('receivedPage.donationsFailed')}
            </Text>
          ) : (
            <>
              <MyDonationsList
                donations={donations.data.items}
                linkTo={(donation) => paths.requestDonation(donation.id)}
                pendingOf={(donation) => {
                  const count = pending.data?.donations.find((entry) => entry.donationId === donation.id)?.pending ?? 0;
                  return count > 0 ? { count, to: paths.receivedRequestsFor(donation.id) } : null;
                }}
              />
              <LoadMore
                shown={donations.data.items.length}
                total={donations.data.total}
                noun={t('receivedPage.nounDonations')}
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
