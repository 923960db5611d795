import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelDonation } from '../api/donations-api';

/** The donor withdraws food that is still listed or awaiting pickup; asks once more, since it cancels every request on it. */
export function WithdrawDonationButton({ donationId, foodName }: { donationId: number; foodName: string }) {
  const { t } = useTranslation('donations');
  const [asking, setAsking] = useState(false);
  const cancel = useCancelDonation();

  if (!asking) {
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
          {t('withdraw.button')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={t('withdraw.question', { name: foodName })}>
      <Text size="sm">{t('withdraw.warning', { name: foodName })}</Text>
      <Button
        size="xs"
        color="red"
        loading={cancel.isPending}
        // mutateAsync, not mutate's callbacks: the refetch after success can unmount this button
        // before they would run, and the toast must still show.
        onClick={async () => {
          try {
            await cancel.mutateAsync(donationId);
            setAsking(false);
            notifySuccess(t('withdraw.done'));
          } catch (error) {
            notifyError(t('withdraw.failed', { message: errorMessage(error) }));
          }
        }}
      >
        {t('withdraw.confirm')}
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        {t('withdraw.keep')}
      </Button>
    </Group>
  );
}
