import { MODERATION_REASON_MAX, type ModerationAction, ModerationActionInputSchema, type ReportTargetType } from '@annadaan/contract/moderation';
import { Button, Group, Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, serverFieldErrors, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useModerate } from '../api/moderation-api';

export interface PlannedAction {
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: number;
  /** The dialog's title, e.g. "Hide “Veg biryani”". */
  title: string;
  /** The confirm button's words. */
  confirm: string;
  /** How many reports are open on the target: what a dismissal closes. */
  openReports: number;
}

const DAYS = [1, 7, 30] as const;

/** Asks an admin for the reason (and, to suspend, for how long) and carries out the action. */
export function ModerationActionDialog({ planned, onClose }: { planned: PlannedAction | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('7');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const moderate = useModerate();
  const { t } = useTranslation('moderation');
  const durations = [
    ...DAYS.map((days) => ({ value: String(days), label: t('dialog.days', { count: days }) })),
    { value: 'forever', label: t('dialog.forGood') },
  ];

  /*
   * The result in the reader's language, from what was done (the server's English message says the
   * same). A suspension's count of hidden listings is only in the server's message, so it is left out.
   */
  const resultMessage = (action: PlannedAction, durationDays: number | null | undefined): string => {
    switch (action.action) {
      case 'DISMISS':
        return t('result.dismissed', { count: action.openReports });
      case 'HIDE':
        return t('result.hidden');
      case 'RESTORE':
        return action.targetType === 'USER' ? t('result.suspensionLifted') : t('result.shown');
      case 'SUSPEND':
        return durationDays == null ? t('result.suspendedForGood') : t('result.suspendedDays', { count: durationDays });
    }
  };

  const close = () => {
    setReason('');
    setDuration('7');
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (!planned) return;
    const input = {
      action: planned.action,
      targetType: planned.targetType,
      targetId: planned.targetId,
      reason,
      ...(planned.action === 'SUSPEND' ? { durationDays: duration === 'forever' ? null : Number(duration) } : {}),
    };
    const problems = zodFormErrors(ModerationActionInputSchema, input);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    try {
      await moderate.mutateAsync(input);
      close();
      notifySuccess(resultMessage(planned, input.durationDays));
    } catch (error) {
      setErrors(serverFieldErrors(error, ['reason', 'durationDays']));
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={planned !== null} onClose={close} title={planned?.title ?? ''} closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {planned?.action === 'SUSPEND' ? (
            <NativeSelect
              label={t('dialog.suspendFor')}
              data={durations}
              value={duration}
              onChange={(event) => setDuration(event.currentTarget.value)}
              error={errors.durationDays}
            />
          ) : null}
          <Textarea
            label={t('dialog.reason')}
            description={t('dialog.reasonHelp')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          <FormAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color={planned?.action === 'DISMISS' || planned?.action === 'RESTORE' ? 'green.9' : 'red'} loading={moderate.isPending}>
              {planned?.confirm ?? t('dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
