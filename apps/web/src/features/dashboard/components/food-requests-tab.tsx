import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import type { DonationRequest } from '@annadaan/contract/requests';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { Data, DataTable, EmptyText, LoadingText, StatusBadge } from './dashboard-ui';
import { useFoodTypeLabel } from './labels';

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
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const foodTypeLabel = useFoodTypeLabel();
  if (loading) return <LoadingText />;
  const needsTotal = needs?.total ?? 0;
  if (needsTotal === 0 && donationRequests.length === 0) return <EmptyText>{t('foodRequests.empty')}</EmptyText>;
  const total = needsTotal + donationRequests.length;
  return (
    <Stack gap="lg">
      <Text data-testid="food-requests-total">
        {t('foodRequests.total', {
          count: total,
          formatted: format.number(total),
          needs: format.number(needsTotal),
          onDonations: format.number(donationRequests.length),
        })}
      </Text>
      {needs && needs.items.length > 0 ? (
        <>
          <DataTable
            caption={t('foodRequests.caption')}
            head={[t('columns.foodType'), t('columns.people'), t('columns.status'), t('columns.location'), t('columns.created')]}
            rows={needs.items.map((request) => [
              foodTypeLabel(request.foodType),
              format.number(request.numberOfPeople),
              <StatusBadge key="status" status={request.status} />,
              <Data key="location">{request.location}</Data>,
              format.dateTime(request.createdAt),
            ])}
          />
          {needs.total > needs.items.length ? (
            <Text size="sm" c="dimmed">
              {t('foodRequests.showingLatest', { shown: format.number(needs.items.length), total: format.number(needs.total) })}
            </Text>
          ) : null}
        </>
      ) : null}
      {donationRequests.length > 0 ? (
        <DataTable
          caption={t('foodRequests.onDonationsCaption')}
          head={[t('columns.foodName'), t('columns.foodType'), t('columns.donor'), t('columns.status'), t('columns.requested')]}
          rows={donationRequests.map((request) => [
            <Data key="food">{request.foodName}</Data>,
            foodTypeLabel(request.foodType),
            <Data key="donor">{request.donorName}</Data>,
            <StatusBadge key="status" status={request.status} />,
            format.dateTime(request.requestDate),
          ])}
        />
      ) : null}
    </Stack>
  );
}
