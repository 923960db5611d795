import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { dashboardQueries } from '../api/dashboard-api';
import { Data, DataTable, EmptyText, LoadingText, StatusBadge } from './dashboard-ui';

/** Mounted only while its tab is open, so the list is fetched when the tab opens (spec section 7). */
export function AvailableDonationsTab() {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const donations = useQuery(dashboardQueries.availableDonations());
  if (donations.isPending) return <LoadingText />;
  if (donations.isError) {
    return (
      <Text c="red.8" role="alert">
        {t('availableDonations.failed')}
      </Text>
    );
  }
  if (donations.data.length === 0) return <EmptyText>{t('availableDonations.empty')}</EmptyText>;
  return (
    <DataTable
      caption={t('availableDonations.caption')}
      head={[t('columns.foodName'), t('columns.description'), t('columns.quantity'), t('columns.location'), t('columns.status'), t('columns.created')]}
      rows={donations.data.map((donation) => [
        <Data key="food">{donation.foodName}</Data>,
        <Data key="description">{donation.description}</Data>,
        <Data key="quantity">{donation.quantity}</Data>,
        <Data key="location">{donation.location}</Data>,
        <StatusBadge key="status" status={donation.status} />,
        format.dateTime(donation.createdAt),
      ])}
    />
  );
}
