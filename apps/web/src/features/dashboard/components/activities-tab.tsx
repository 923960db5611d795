import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest } from '@annadaan/contract/requests';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { Data, DataTable, EmptyText, Section, StatusBadge } from './dashboard-ui';
import { usePaymentLabel } from './labels';

export function ActivitiesTab({ donations, requests }: { donations: Donation[]; requests: DonationRequest[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const paymentLabel = usePaymentLabel();
  return (
    <Stack gap="lg">
      <Section title={t('activities.myDonations')} id="activities-donations">
        {donations.length === 0 ? (
          <EmptyText>{t('overview.noDonations')}</EmptyText>
        ) : (
          <DataTable
            caption={t('activities.myDonations')}
            head={[t('columns.foodName'), t('columns.quantity'), t('columns.status'), t('columns.created'), t('columns.location')]}
            rows={donations.map((donation) => [
              <Data key="food">{donation.foodName}</Data>,
              <Data key="quantity">{donation.quantity}</Data>,
              <StatusBadge key="status" status={donation.status} />,
              format.dateTime(donation.createdAt),
              <Data key="location">{donation.location}</Data>,
            ])}
          />
        )}
      </Section>
      <Section title={t('activities.myRequests')} id="activities-requests">
        {requests.length === 0 ? (
          <EmptyText>{t('overview.noRequests')}</EmptyText>
        ) : (
          <DataTable
            caption={t('activities.myRequests')}
            head={[t('columns.foodName'), t('columns.donor'), t('columns.status'), t('columns.requested'), t('columns.payment')]}
            rows={requests.map((request) => [
              <Data key="food">{request.foodName}</Data>,
              <Data key="donor">{request.donorName}</Data>,
              <StatusBadge key="status" status={request.status} />,
              format.dateTime(request.requestDate),
              paymentLabel(request.paymentMethod),
            ])}
          />
        )}
      </Section>
    </Stack>
  );
}
