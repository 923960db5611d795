import { ConfirmPickupInputSchema } from '@annadaan/contract/requests';
import { Button, Group } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput } from './pickup-code-input';

/** The donor's confirm-pickup field on the My orders list (spec section 2). */
export function InlineConfirmPickup({ requestId }: { requestId: number }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPickup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The list's own empty message (spec section 5); a code that is not 6 digits is caught here, as
    // on the confirm screen, rather than spending one of the 5 allowed wrong entries.
    const parsed = ConfirmPickupInputSchema.safeParse({ pickupCode: code });
    if (!parsed.success) {
      const message = code.trim() ? (parsed.error.issues[0]?.message ?? 'Please enter OTP') : 'Please enter OTP';
      notifyError(message);
      setError(message);
      return;
    }
    // mutateAsync: a completed pickup refetches the list, which unmounts this form before
    // mutate's callbacks would run.
    confirm.mutateAsync({ id: requestId, pickupCode: parsed.data.pickupCode }).then(
      () => notifySuccess('Pickup confirmed successfully!'),
      (failure: unknown) => {
        notifyError('Failed to confirm pickup.');
        setError(failure instanceof ApiError && failure.status > 0 ? failure.message : 'Failed to confirm pickup.');
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="xs">
        <PickupCodeInput
          label="Pickup code from receiver"
          size="sm"
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
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
