import { ConfirmPickupInputSchema } from '@annadaan/contract/requests';
import { Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput } from './pickup-code-input';

/** The donor types the receiver's pickup code (spec section 2, Confirm pickup). */
export function ConfirmPickupForm({ requestId, onConfirmed }: { requestId: string; onConfirmed: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPickup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule: empty gives the spec's 'Please enter the OTP.', and a code that is not
    // 6 digits is caught here rather than spending one of the 5 allowed wrong entries.
    const parsed = ConfirmPickupInputSchema.safeParse({ pickupCode: code });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter the OTP.';
      notifyError(message);
      setError(message);
      return;
    }
    confirm.mutate(
      { id: requestId, pickupCode: parsed.data.pickupCode },
      {
        onSuccess: () => {
          notifySuccess('Pickup confirmed successfully!');
          onConfirmed();
        },
        onError: (failure) => {
          notifyError('Invalid OTP or request failed.');
          // The server says what went wrong (tries left, or a void code after too many wrong
          // entries, 423), which the generic spec toast cannot.
          setError(failure instanceof ApiError && failure.status > 0 ? failure.message : 'Invalid OTP or request failed.');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={360}>
        <PickupCodeInput
          label="Enter OTP from Receiver"
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          size="md"
          styles={{ input: { letterSpacing: '0.3em', fontFamily: 'monospace' } }}
        />
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming...' : 'Confirm Pickup'}
        </Button>
        <Text size="sm" c="dimmed">
          Ask the receiver for the 6-digit code shown on their My Orders page.
        </Text>
      </Stack>
    </form>
  );
}
