import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation, useParams } from 'react-router';
import { ShareOnWhatsApp } from '../../components/share-on-whatsapp';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { BlockButton } from '../../features/blocks/components/block-button';
import { donationQueries, useDonation } from '../../features/donations/api/donations-api';
import { ReportButton } from '../../features/moderation/components/report-button';
import { DonationDetails } from '../../features/donations/components/donation-details';
import type { DonationLinkState } from '../../features/donations/components/donation-card';
import { useHydrated } from '../../lib/use-hydrated';
import { useMyRequestFor, usePendingReceived } from '../../features/requests/api/requests-api';
import { MyRequestState, isSettledRequest } from '../../features/requests/components/my-request-state';
import { RequestDonationButton } from '../../features/requests/components/request-donation-button';
import type { DeliveryAsk } from '../../features/requests/components/delivery-choice-fields';
import { useSessionToken } from '../../lib/use-session';
import { useSiteOrigin } from '../../lib/site-origin';
import { paths } from '../paths';
import type { RouteData } from '../route-data';

/** Issue 32: the delivery choice and its map picker load only where the donor offers delivery. */
const DeliveryChoiceFields = lazy(() =>
  import('../../features/requests/components/delivery-choice-fields').then((module) => ({ default: module.DeliveryChoiceFields })),
);

/** Issue 33: "How many?", the waitlist and its offers load only on food shared in portions. */
const PortionsAction = lazy(() => import('../../features/requests/components/portions-action').then((module) => ({ default: module.PortionsAction })));
const FairShareRule = lazy(() => import('../../features/requests/components/portions-action').then((module) => ({ default: module.FairShareRule })));

/** The donation itself; whether the viewer asked for it already is known only in the browser. */
export const routeData: RouteData = (queryClient, { params }) => queryClient.prefetchQuery(donationQueries.detail(params.donationId ?? ''));

/** /request-donation/:donationId — public, so a shared link works before signing in. */
export function DonationDetailPage() {
  // `requests` for the action (the request button, or where the viewer's request stands), which
  // arrives with the viewer's own request after the page first shows: waited for here, it no
  // longer hides the whole page behind the loader at that moment.
  const { t } = useTranslation(['donations', 'requests']);
  const { donationId = '' } = useParams();
  const query = useDonation(donationId);
  const origin = useSiteOrigin();
  const signedIn = useSessionToken() !== null;
  // The viewer's own request decides what this page offers: a request once, then where it stands.
  const mine = useMyRequestFor(donationId, signedIn);
  const pending = usePendingReceived(signedIn);
  // The food's name, so tabs and history tell donations apart.
  usePageTitle(query.data?.foodName);
  // The distance the card showed, handed over as it opened this page (issue 29). Only the browser
  // has it (history state), so it shows once hydrated: the server's page cannot carry it.
  const hydrated = useHydrated();
  const linkState = useLocation().state as DonationLinkState | null;
  const distanceKm = hydrated && typeof linkState?.distanceKm === 'number' ? linkState.distanceKm : null;
  // Issue 32: where the donor offers delivery, the receiver says how the food should reach them.
  const [delivery, setDelivery] = useState<DeliveryAsk>({ choice: 'COLLECT', address: '', geolocation: '' });
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  let deliveryFields: ReactNode = null;

  let body: ReactNode;
  if (query.isPending) {
    body = <Text role="status">{t('detail.loading')}</Text>;
  } else if (query.isError) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <Text role="alert">{t('detail.notFound')}</Text>
      ) : (
        <Text role="alert" c="red.8">
          {t('detail.loadFailed')}
        </Text>
      );
  } else {
    const donation = query.data;
    const myRequest = mine.data?.request;
    const waiting = pending.data?.donations.find((entry) => entry.donationId === donation.id)?.pending ?? 0;
    let action: ReactNode;
    if (isSettledRequest(myRequest)) {
      action = <MyRequestState request={myRequest} ordersPath={`${paths.myOrders}?mode=COLLECTED`} browsePath={paths.browse} />;
    } else if (signedIn && mine.isPending) {
      // Not the button yet: it may turn out that this person already asked.
      action = <Text role="status">{t('detail.checking')}</Text>;
    } else if (mine.data?.isDonor) {
      // The donor answers requests here; asking for their own food makes no sense.
      action = (
        <Text fw={600}>
          {t('detail.yours')}{' '}
          {waiting > 0 ? null : (
            <Anchor component={Link} to={paths.receivedRequestsFor(donation.id)}>
              {t('detail.seeRequests')}
            </Anchor>
          )}
        </Text>
      );
    } else if (donation.portions) {
      action = (
        <Suspense fallback={null}>
          <PortionsAction
            donation={donation}
            signInPath={paths.signIn}
            afterRequestPath={paths.requestSent}
            afterTakePath={() => `${paths.myOrders}?mode=COLLECTED`}
            delivery={delivery}
            onDeliveryError={setDeliveryError}
          />
        </Suspense>
      );
      if (signedIn && donation.status === 'AVAILABLE' && donation.portions.left > 0 && donation.deliveryType !== 'SELF_PICKUP') {
        deliveryFields = (
          <Suspense fallback={null}>
            <DeliveryChoiceFields value={delivery} onChange={setDelivery} addressError={deliveryError} />
          </Suspense>
        );
      }
    } else if (donation.status === 'AVAILABLE') {
      action = (
        <RequestDonationButton
          donationId={donation.id}
          signInPath={paths.signIn}
          afterRequestPath={paths.requestSent}
          delivery={delivery}
          onDeliveryError={setDeliveryError}
        />
      );
      if (signedIn && donation.deliveryType !== 'SELF_PICKUP') {
        deliveryFields = (
          <Suspense fallback={null}>
            <DeliveryChoiceFields value={delivery} onChange={setDelivery} addressError={deliveryError} />
          </Suspense>
        );
      }
    } else {
      action = <Text fw={600}>{t('detail.notAvailable')}</Text>;
    }
    body = (
      <Stack gap="lg">
        <DonationDetails donation={donation} distanceKm={distanceKm} />
        {waiting > 0 ? (
          // Only the donor has requests waiting on this donation.
          <Anchor component={Link} to={paths.receivedRequestsFor(donation.id)} fw={600}>
            {t('requestsWaiting', { count: waiting })}
          </Anchor>
        ) : null}
        {mine.data?.donorReliability ? (
          <Text size="sm">
            {mine.data.donorReliability.accepted === 0
              ? t('detail.donorRecordNone')
              : t('detail.donorRecord', { handedOver: mine.data.donorReliability.handedOver, accepted: mine.data.donorReliability.accepted })}
          </Text>
        ) : null}
        {donation.portions ? (
          // Issue 33: the fair-share rule is public, said where portions are asked for.
          <Suspense fallback={null}>
            <FairShareRule />
          </Suspense>
        ) : null}
        {deliveryFields}
        {/* What this viewer may do here; a test finds it whatever the language. On a phone it stays
            on screen at the bottom, above the tab bar, while the details scroll (issue 29). */}
        <div data-testid="donation-action" className="donation-action-bar">
          {action}
        </div>
        {donation.status === 'AVAILABLE' ? (
          // Anyone may pass food on while it is there to take: the public area, never the address.
          <Group>
            <ShareOnWhatsApp
              text={t('detail.shareText', { name: donation.foodName, area: donation.location, url: `${origin}${paths.requestDonation(donation.id)}` })}
            />
          </Group>
        ) : null}
        {signedIn && donation.donorId !== undefined && !mine.data?.isDonor ? (
          // Issue 16: a reader may report the food or block its donor.
          // Their own boundary: on a page the server drew, they appear once the browser knows who
          // is signed in, and their words (moderation, blocks) load then without hiding the page.
          <Suspense fallback={null}>
            <Group gap="xs" wrap="wrap">
              <ReportButton targetType="DONATION" targetId={donation.id} />
              <BlockButton userId={donation.donorId} userName={donation.donorName} />
            </Group>
          </Suspense>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Anchor component={Link} to={paths.browse} mb="md" display="inline-block">
        {t('detail.back')}
      </Anchor>
      {body}
    </Container>
  );
}
