import { CreateReportInputSchema, REPORT_REASONS, REPORT_DETAILS_MAX, type ReportReason, type ReportTargetType } from '@annadaan/contract/moderation';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { type FormErrors, serverFieldErrors, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCreateReport } from '../api/moderation-api';

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: number;
  /** Names the target to screen readers when several Report buttons share a screen (a list of cards). */
  targetLabel?: string;
  size?: 'xs' | 'sm';
}

/** "Report" and its dialog: a reason from the list and optional details (issue 16). */
export function ReportButton({ targetType, targetId, targetLabel, size = 'sm' }: ReportButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReport();
  const { t } = useTranslation(['moderation', 'common']);

  const close = () => {
    dialog.close();
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
    <>
      <Button variant="subtle" color="red" size={size} onClick={dialog.open} aria-label={targetLabel ? t('report.buttonLabel', { target: targetLabel }) : undefined}>
        {t('report.button')}
      </Button>
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
    </>
  );
}
