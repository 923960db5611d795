import type { Run, VolunteerApplicant } from '@annadaan/contract/runs';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n/react';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { RunCard } from './run-card';

interface Props {
  organisationId: number;
  /** The viewer coordinates it. */
  coordinator: boolean;
  /** The admins verified it: only then do its coordinators approve volunteers. */
  verified: boolean;
}

/**
 * An organisation's volunteers and its delivery runs, on its dashboard (issue 32): members who
 * applied or volunteer, approved here by a coordinator of a verified organisation as an admin
 * would; and the runs of the requests made for it, with where each stands.
 */
export function OrganisationVolunteers({ organisationId, coordinator, verified }: Props) {
  const { t } = useTranslation('volunteers');
  const volunteers = useQuery({
    queryKey: ['volunteer', 'organisation', organisationId],
    queryFn: ({ signal }) => apiRequest<VolunteerApplicant[]>(`/api/organisations/${organisationId}/volunteers`, { signal }),
  });
  const runs = useQuery({
    queryKey: ['runs', 'organisation', organisationId],
    queryFn: ({ signal }) => apiRequest<Run[]>(`/api/organisations/${organisationId}/runs`, { signal }),
  });
  return (
    <Stack gap="md">
      <Text size="sm">{verified ? t('organisation.intro') : t('organisation.notVerified')}</Text>
      <Title order={3} size="h4">
        {t('organisation.volunteersTitle')}
      </Title>
      {volunteers.isPending ? (
        <Text role="status">{t('organisation.loading')}</Text>
      ) : volunteers.isError ? (
        <Text role="alert">{t('organisation.loadFailed')}</Text>
      ) : volunteers.data.length === 0 ? (
        <Text role="status">{t('organisation.noVolunteers')}</Text>
      ) : (
        volunteers.data.map((volunteer) => (
          <MemberVolunteer key={volunteer.userId} organisationId={organisationId} volunteer={volunteer} canDecide={coordinator && verified} />
        ))
      )}
      <Title order={3} size="h4">
        {t('organisation.runsTitle')}
      </Title>
      {runs.isPending ? (
        <Text role="status">{t('organisation.loading')}</Text>
      ) : runs.isError ? (
        <Text role="alert">{t('organisation.loadFailed')}</Text>
      ) : runs.data.length === 0 ? (
        <Text role="status">{t('organisation.noRuns')}</Text>
      ) : (
        runs.data.map((run) => <RunCard key={run.id} run={run} headingLevel={3} />)
      )}
    </Stack>
  );
}

function MemberVolunteer({ organisationId, volunteer, canDecide }: { organisationId: number; volunteer: VolunteerApplicant; canDecide: boolean }) {
  const { t } = useTranslation('volunteers');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (decision: 'APPROVE' | 'REJECT') =>
      apiRequest(`/api/organisations/${organisationId}/volunteers/${volunteer.userId}/decision`, { method: 'POST', body: { decision, note: '' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['volunteer'] }),
  });
  const act = (decision: 'APPROVE' | 'REJECT') =>
    decide.mutateAsync(decision).then(
      () => notifySuccess(t(`queue.done.${decision}`, { name: volunteer.fullName })),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={volunteer.fullName}>
      <Stack gap={4}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {volunteer.fullName} · {t(`queue.status.${volunteer.status}`)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('queue.area', { area: volunteer.areaLabel, km: volunteer.radiusKm, travel: t(`travel.${volunteer.travelMode}`) })}
        </Text>
        <Text size="sm">{t('home.figures', { delivered: volunteer.delivered, noShows: volunteer.noShows })}</Text>
        <FormAlert message={error} />
        {canDecide && volunteer.status === 'APPLIED' ? (
          <Group gap="xs">
            <Button size="xs" loading={decide.isPending} onClick={() => void act('APPROVE')}>
              {t('queue.action.APPROVE')}
            </Button>
            <Button size="xs" variant="outline" color="red.8" loading={decide.isPending} onClick={() => void act('REJECT')}>
              {t('queue.action.REJECT')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
