import { MODERATION_REASON_MAX, type ModerationAction, ModerationActionInputSchema, type ReportTargetType } from '@annadaan/contract/moderation';
import { Button, Group, Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
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
}

const DURATIONS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'forever', label: 'For good' },
];

/** Asks an admin for the reason (and, to suspend, for how long) and carries out the action. */
export function ModerationActionDialog({ planned, onClose }: { planned: PlannedAction | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('7');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const moderate = useModerate();

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
      const result = await moderate.mutateAsync(input);
      close();
      notifySuccess(result.message);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['reason', 'durationDays']));
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={planned !== null} onClose={close} title={planned?.title ?? ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {planned?.action === 'SUSPEND' ? (
            <NativeSelect label="Suspend for" data={DURATIONS} value={duration} onChange={(event) => setDuration(event.currentTarget.value)} error={errors.durationDays} />
          ) : null}
          <Textarea
            label="Reason"
            description="Kept in the audit log. A hidden listing's owner is told it."
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
              Cancel
            </Button>
            <Button type="submit" color={planned?.action === 'DISMISS' || planned?.action === 'RESTORE' ? 'green.9' : 'red'} loading={moderate.isPending}>
              {planned?.confirm ?? 'Confirm'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
