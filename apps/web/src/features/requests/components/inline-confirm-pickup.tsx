import { Button, Group } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmPickup } from '../api/requests-api';
import { PickupCodeInput, usePickupCodeField } from './pickup-code-input';

/** The donor's confirm-pickup field on the My orders list (spec section 2). */
export function InlineConfirmPickup({ requestId }: { requestId: number }) {
  const { t } = useTranslation('requests');
  const field = usePickupCodeField(t('pickup.otpMissingShort'), t('pickup.codeFormat'));
  const confirm = useConfirmPickup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pickupCode = field.validCode();
    if (!pickupCode) return;
    // mutateAsync: a completed pickup refetches the list, which unmounts this form before
    // mutate's callbacks would run.
    confirm.mutateAsync({ id: requestId, pickupCode }).then(
      () => notifySuccess(t('pickup.confirmed')),
      (failure: unknown) => {
        notifyError(t('pickup.confirmFailed'));
        field.setError(failure instanceof ApiError && failure.status > 0 ? failure.shownMessage : t('pickup.confirmFailed'));
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="xs">
        <PickupCodeInput label={t('pickup.inlineLabel')} size="sm" {...field.inputProps} w={200} />
        <Button type="submit" size="sm" mt={24} disabled={confirm.isPending}>
          {confirm.isPending ? t('pickup.confirming') : t('pickup.inlineButton')}
        </Button>
      </Group>
    </form>
  );
}
