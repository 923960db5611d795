import { CreateReportInputSchema, REPORT_REASONS, REPORT_DETAILS_MAX, type ReportReason, type ReportTargetType } from '@annadaan/contract/moderation';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, serverFieldErrors, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCreateReport } from '../api/moderation-api';

interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: number;
}

/**
 * The Report dialog: a reason from the list and optional details (issue 16). Loaded when a Report
 * button is first pressed (report-button.tsx), so its form and checks stay out of the first load
 * of a donation's page; it stays mounted after that, so a closed dialog keeps what was typed.
 */
export function ReportDialog({ opened, onClose, targetType, targetId }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReport();
  const { t } = useTranslation(['moderation', 'common']);

  const close = () => {
    onClose();
    setErrors({});
    setFailure(null);
  };

  const submit = async () => {
    const input = { targetType, targetId, reason, details };
    const problems = zodFormErrors(CreateReportInputSchema, input);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    try {
      await create.mutateAsync({ targetType, targetId, reason: reason as ReportReason, details });
      close();
      setReason('');
      setDetails('');
      notifySuccess(t('report.received'));
    } catch (error) {
      setErrors(serverFieldErrors(error, ['reason', 'details']));
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t(`report.title.${targetType}`)} closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Radio.Group label={t('report.reason')} withAsterisk value={reason} onChange={(value) => setReason(value as ReportReason)} error={errors.reason}>
            <Stack gap="xs" mt="xs">
              {REPORT_REASONS.map((value) => (
                <Radio key={value} value={value} label={t(`common:enums.reportReason.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('report.details')}
            description={t('report.detailsHelp')}
            autosize
            minRows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            error={errors.details}
          />
          <FormAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={create.isPending}>
              {t('report.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
