import { Button, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput, usePickupCodeField } from './pickup-code-input';
import { usePortionsCollected } from './portions-collected-field';

/** The donor types the receiver's pickup code (spec section 2, Confirm pickup). */
export function ConfirmPickupForm({
  requestId,
  onConfirmed,
  portionsAccepted = null,
}: {
  requestId: string;
  onConfirmed: () => void;
  /** Issue 33: the portions accepted, on food shared in portions. */
  portionsAccepted?: number | null;
}) {
  const { t } = useTranslation('requests');
  const field = usePickupCodeField(t('pickup.otpMissing'), t('pickup.codeFormat'));
  const confirm = useConfirmPickup();
  const collected = usePortionsCollected(portionsAccepted);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pickupCode = field.validCode();
    const portionsCollected = collected.value();
    if (!pickupCode || portionsCollected === null) return;
    confirm.mutate(
      { id: requestId, pickupCode, portionsCollected },
      {
        onSuccess: () => {
          notifySuccess(t('pickup.confirmed'));
          onConfirmed();
        },
        onError: (failure) => {
          const collectedProblem = failure instanceof ApiError ? failure.fieldMessage('portionsCollected') : null;
          collected.setError(collectedProblem);
          if (collectedProblem) return;
          notifyError(t('pickup.invalidOtp'));
          // The server says what went wrong (tries left, or a void code after too many wrong
          // entries, 423), which the generic spec toast cannot.
          field.setError(failure instanceof ApiError && failure.status > 0 ? failure.shownMessage : t('pickup.invalidOtp'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={360}>
        {collected.field}
        <PickupCodeInput label={t('pickup.enterOtp')} {...field.inputProps} size="md" styles={{ input: { letterSpacing: '0.3em', fontFamily: 'monospace' } }} />
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t('pickup.confirming') : t('pickup.confirmButton')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('pickup.askCode')}
        </Text>
      </Stack>
    </form>
  );
}
