import { Button, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput, usePickupCodeField } from './pickup-code-input';

/** The donor types the receiver's pickup code (spec section 2, Confirm pickup). */
export function ConfirmPickupForm({ requestId, onConfirmed }: { requestId: string; onConfirmed: () => void }) {
  const field = usePickupCodeField('Please enter the OTP.');
  const confirm = useConfirmPickup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pickupCode = field.validCode();
    if (!pickupCode) return;
    confirm.mutate(
      { id: requestId, pickupCode },
      {
        onSuccess: () => {
          notifySuccess('Pickup confirmed successfully!');
          onConfirmed();
        },
        onError: (failure) => {
          notifyError('Invalid OTP or request failed.');
          // The server says what went wrong (tries left, or a void code after too many wrong
          // entries, 423), which the generic spec toast cannot.
          field.setError(failure instanceof ApiError && failure.status > 0 ? failure.message : 'Invalid OTP or request failed.');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={360}>
        <PickupCodeInput
          label="Enter OTP from Receiver"
          {...field.inputProps}
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
