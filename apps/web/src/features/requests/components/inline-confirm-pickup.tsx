import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';

/** The donor's confirm-pickup field on the My orders list (spec section 2). */
export function InlineConfirmPickup({ requestId }: { requestId: number }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPickup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      notifyError('Please enter OTP');
      setError('Please enter OTP');
      return;
    }
    confirm.mutate(
      { id: requestId, pickupCode: code.trim() },
      {
        onSuccess: () => notifySuccess('Pickup confirmed successfully!'),
        onError: (failure) => {
          notifyError('Failed to confirm pickup.');
          setError(failure instanceof ApiError && failure.status > 0 ? failure.message : 'Failed to confirm pickup.');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Pickup code from receiver"
          size="sm"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          error={error}
          w={200}
        />
        <Button type="submit" size="sm" mt={24} disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming...' : 'Confirm pickup'}
        </Button>
      </Group>
    </form>
  );
}
