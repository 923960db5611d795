import { type VolunteerApplicant, type VolunteerDecision, type VolunteerStatus } from '@annadaan/contract/runs';
import { Alert, Button, Group, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { notifySuccess } from '../../../lib/notify';
import { VOLUNTEER_QUEUE_PAGE_SIZE, useDecideVolunteer, useVolunteerQueue } from '../api/volunteers-api';

const STATUSES: VolunteerStatus[] = ['APPLIED', 'APPROVED', 'SUSPENDED', 'REJECTED'];

/**
 * Volunteer applications for an admin (issue 32): oldest first, with what the person completed
 * (walkthrough and terms versions), where and how they would carry, and their record; approve,
 * reject or suspend with a note the person reads.
 */
export function VolunteerQueuePage() {
  const { t } = useTranslation('volunteers');
  const [status, setStatus] = useState<VolunteerStatus>('APPLIED');
  const [page, setPage] = useState(1);
  const queue = useVolunteerQueue(status, page);
  return (
    <Stack gap="md">
      <Title order={1}>{t('queue.title')}</Title>
      <Select
        label={t('queue.show')}
        value={status}
        onChange={(value) => {
          if (!value) return;
          setStatus(value as VolunteerStatus);
          setPage(1);
        }}
        data={STATUSES.map((value) => ({ value, label: t(`queue.status.${value}`) }))}
        allowDeselect={false}
        style={{ maxWidth: 260 }}
      />
      {queue.isPending ? (
        <PageLoader />
      ) : queue.isError ? (
        // Anyone may open the address; the server answers others with 403, said as such.
        queue.error instanceof ApiError && queue.error.status === 403 ? (
          <Alert color="red" variant="light" title={t('queue.adminsOnly')}>
            {t('queue.forbidden')}
          </Alert>
        ) : (
          <Text role="alert">{t('queue.loadFailed')}</Text>
        )
      ) : queue.data.applicants.length === 0 ? (
        <Text role="status">{t('queue.empty')}</Text>
      ) : (
        <>
          {queue.data.applicants.map((applicant) => (
            <Applicant key={applicant.userId} applicant={applicant} />
          ))}
          {queue.data.total > VOLUNTEER_QUEUE_PAGE_SIZE ? (
            <Pagination total={Math.ceil(queue.data.total / VOLUNTEER_QUEUE_PAGE_SIZE)} value={page} onChange={setPage} />
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Applicant({ applicant }: { applicant: VolunteerApplicant }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  const decide = useDecideVolunteer();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = (decision: VolunteerDecision) =>
    decide.mutateAsync({ userId: applicant.userId, decision, note }).then(
      () => notifySuccess(t(`queue.done.${decision}`, { name: applicant.fullName })),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  const actions: VolunteerDecision[] = applicant.status === 'APPLIED' ? ['APPROVE', 'REJECT'] : applicant.status === 'APPROVED' ? ['SUSPEND'] : ['APPROVE'];
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`applicant-${applicant.userId}`}>
      <Stack gap={6}>
        <Title order={2} size="h4" id={`applicant-${applicant.userId}`} style={{ overflowWrap: 'anywhere' }}>
          {applicant.fullName}
        </Title>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('queue.area', { area: applicant.areaLabel, km: applicant.radiusKm, travel: t(`travel.${applicant.travelMode}`) })}
        </Text>
        <Text size="sm">
          {t('queue.completed', { walkthrough: applicant.walkthroughVersion, terms: applicant.termsVersion, date: format.date(applicant.appliedAt) })}
        </Text>
        <Text size="sm">{t('home.figures', { delivered: applicant.delivered, noShows: applicant.noShows })}</Text>
        <TextInput
          label={t('queue.note')}
          description={t('queue.noteHint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={500}
        />
        <FormAlert message={error} />
        <Group gap="xs">
          {actions.map((decision) => (
            <Button
              key={decision}
              size="sm"
              color={decision === 'APPROVE' ? undefined : 'red.8'}
              variant={decision === 'APPROVE' ? 'filled' : 'outline'}
              loading={decide.isPending}
              onClick={() => void act(decision)}
            >
              {t(`queue.action.${decision}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
