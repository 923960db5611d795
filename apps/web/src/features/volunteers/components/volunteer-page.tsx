import type { MyVolunteer } from '@annadaan/contract/runs';
import { Alert, Anchor, Button, Container, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { LoadMore } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { useMyRuns, useMyVolunteer, useRunsNear } from '../api/volunteers-api';
import { RunCard } from './run-card';

const RunsMap = lazy(() => import('./runs-map'));
/** How runs near the volunteer show: a list, or pins on a map above it. */
const VIEWS = ['list', 'map'] as const;

/**
 * A volunteer's home (issue 32): before applying, what volunteering is and the way to apply; while
 * the application waits, that; once approved, runs near them (a list, or on a map), the runs they
 * carry now, and what they have carried.
 */
export function VolunteerPage() {
  const { t } = useTranslation('volunteers');
  const mine = useMyVolunteer();
  let body;
  if (mine.isPending) body = <PageLoader />;
  else if (mine.isError) body = <Text role="alert">{t('home.loadFailed')}</Text>;
  else if (mine.data.volunteer === null) body = <NotYet />;
  else if (mine.data.volunteer.status === 'APPROVED') body = <Approved volunteer={mine.data.volunteer} />;
  else body = <Waiting volunteer={{ ...mine.data.volunteer, status: mine.data.volunteer.status }} />;
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="md">
        {t('home.title')}
      </Title>
      {body}
    </Container>
  );
}

function NotYet() {
  const { t } = useTranslation('volunteers');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text>{t('home.intro')}</Text>
        <List spacing={4}>
          <List.Item>{t('home.point1')}</List.Item>
          <List.Item>{t('home.point2')}</List.Item>
          <List.Item>{t('home.point3')}</List.Item>
        </List>
        <Group>
          <Button component={Link} to={paths.volunteerApply}>
            {t('home.apply')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Waiting({ volunteer }: { volunteer: MyVolunteer & { status: 'APPLIED' | 'REJECTED' | 'SUSPENDED' } }) {
  const { t } = useTranslation('volunteers');
  const format = useFormat();
  const color = volunteer.status === 'APPLIED' ? 'blue' : 'red';
  return (
    <Stack gap="md">
      <Alert color={color} title={t(`home.${volunteer.status}.title`)} role="status">
        <Stack gap={4}>
          <Text size="sm">{t(`home.${volunteer.status}.body`, { date: format.date(volunteer.appliedAt) })}</Text>
          {volunteer.decisionNote ? <Text size="sm">{t('home.note', { note: volunteer.decisionNote })}</Text> : null}
        </Stack>
      </Alert>
      {volunteer.status === 'SUSPENDED' ? null : (
        <Group>
          <Button component={Link} to={paths.volunteerApply} variant="light">
            {volunteer.status === 'REJECTED' ? t('home.applyAgain') : t('home.editApplication')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Approved({ volunteer }: { volunteer: MyVolunteer }) {
  const { t } = useTranslation('volunteers');
  const [tab, setTab] = useState<string | null>('near');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Text>{t('home.covering', { km: volunteer.radiusKm, area: volunteer.areaLabel, travel: t(`travel.${volunteer.travelMode}`) })}</Text>
        <Text size="sm" mt={4}>
          {t('home.figures', { delivered: volunteer.delivered, noShows: volunteer.noShows })}
        </Text>
        <Anchor component={Link} to={paths.volunteerApply} size="sm">
          {t('home.changeArea')}
        </Anchor>
      </Paper>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="near">{t('tabs.near')}</Tabs.Tab>
          <Tabs.Tab value="active">{t('tabs.active')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('tabs.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="near" pt="md">
          <NearMe volunteer={volunteer} />
        </Tabs.Panel>
        <Tabs.Panel value="active" pt="md">
          <MyRuns view="active" />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <MyRuns view="history" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NearMe({ volunteer }: { volunteer: MyVolunteer }) {
  const { t } = useTranslation('volunteers');
  const runs = useRunsNear(true);
  const [view, setView] = useState<(typeof VIEWS)[number]>('list');
  if (runs.isPending) return <PageLoader />;
  if (runs.isError) return <Text role="alert">{t('near.loadFailed')}</Text>;
  const { items, total } = runs.data;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t('near.viewLabel')}>
        {VIEWS.map((value) => (
          <Button key={value} size="xs" variant={view === value ? 'filled' : 'default'} aria-pressed={view === value} onClick={() => setView(value)}>
            {t(`near.${value}`)}
          </Button>
        ))}
      </Group>
      {view === 'map' ? (
        <Suspense fallback={<PageLoader />}>
          <RunsMap centre={{ lat: volunteer.lat, lng: volunteer.lng }} radiusKm={volunteer.radiusKm} runs={items} />
        </Suspense>
      ) : null}
      {items.length === 0 ? <Text role="status">{t('near.none', { km: volunteer.radiusKm })}</Text> : items.map((run) => <RunCard key={run.id} run={run} />)}
      <LoadMore
        shown={items.length}
        total={total}
        noun={t('runsNoun')}
        hasMore={runs.hasNextPage}
        loading={runs.isFetchingNextPage}
        onLoadMore={() => void runs.fetchNextPage()}
      />
    </Stack>
  );
}

function MyRuns({ view }: { view: 'active' | 'history' }) {
  const { t } = useTranslation('volunteers');
  const runs = useMyRuns(view, true);
  if (runs.isPending) return <PageLoader />;
  if (runs.isError) return <Text role="alert">{t('near.loadFailed')}</Text>;
  const { items, total } = runs.data;
  return (
    <Stack gap="sm">
      {items.length === 0 ? <Text role="status">{t(view === 'active' ? 'mine.noneActive' : 'mine.noneHistory')}</Text> : null}
      {items.map((run) => (
        <RunCard key={run.id} run={run} />
      ))}
      <LoadMore
        shown={items.length}
        total={total}
        noun={t('runsNoun')}
        hasMore={runs.hasNextPage}
        loading={runs.isFetchingNextPage}
        onLoadMore={() => void runs.fetchNextPage()}
      />
    </Stack>
  );
}
