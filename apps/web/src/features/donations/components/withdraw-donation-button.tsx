import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelDonation } from '../api/donations-api';

/** The donor withdraws food that is still listed or awaiting pickup; asks once more, since it cancels every request on it. */
export function WithdrawDonationButton({ donationId, foodName }: { donationId: number; foodName: string }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelDonation();

  if (!asking) {
    return (
      <Group>
        <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
          Withdraw donation
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={`Withdraw ${foodName}?`}>
      <Text size="sm">Withdraw {foodName}? Its requests will be cancelled.</Text>
      <Button
        size="xs"
        color="red"
        loading={cancel.isPending}
        onClick={() =>
          cancel.mutate(donationId, {
            onSuccess: () => {
              setAsking(false);
              notifySuccess('Donation withdrawn.');
            },
            onError: (error) => notifyError(`Failed to withdraw donation: ${errorMessage(error)}`),
          })
        }
      >
        Yes, withdraw
      </Button>
      <Button size="xs" variant="default" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </Group>
  );
}
