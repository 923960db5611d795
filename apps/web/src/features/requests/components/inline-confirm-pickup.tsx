import { Button, Group } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput, usePickupCodeField } from './pickup-code-input';
import { usePortionsCollected } from './portions-collected-field';

/** The donor's confirm-pickup field on the My orders list (spec section 2). */
export function InlineConfirmPickup({ requestId, portionsAccepted = null }: { requestId: number; portionsAccepted?: number | null }) {
  const { t } = useTranslation('requests');
  const field = usePickupCodeField(t('pickup.otpMissingShort'), t('pickup.codeFormat'));
  const confirm = useConfirmPickup();
  const collected = usePortionsCollected(portionsAccepted);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pickupCode = field.validCode();
    const portionsCollected = collected.value();
    if (!pickupCode || portionsCollected === null) return;
    // mutateAsync: a completed pickup refetches the list, which unmounts this form before
    // mutate's callbacks would run.
    confirm.mutateAsync({ id: requestId, pickupCode, portionsCollected }).then(
      () => notifySuccess(t('pickup.confirmed')),
      (failure: unknown) => {
        notifyError(t('pickup.confirmFailed'));
        collected.setError(failure instanceof ApiError ? failure.fieldMessage('portionsCollected') : null);
        field.setError(failure instanceof ApiError && failure.status > 0 ? failure.shownMessage : t('pickup.confirmFailed'));
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {collected.field}
      <Group align="flex-start" gap="xs">
        <PickupCodeInput label={t('pickup.inlineLabel')} size="sm" {...field.inputProps} w={200} />
        <Button type="submit" size="sm" mt={24} disabled={confirm.isPending}>
          {confirm.isPending ? t('pickup.confirming') : t('pickup.inlineButton')}
        </Button>
      </Group>
    </form>
  );
}
