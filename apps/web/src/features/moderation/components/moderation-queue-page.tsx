import {
  MODERATION_QUEUE_PAGE_SIZE,
  type ModerationQueueItem,
  type ModerationTarget,
  type QueueReport,
  SUSPENDED_FOR_GOOD,
} from '@annadaan/contract/moderation';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { type Formatters, useFormat } from '../../../lib/locale-format';
import { useNow } from '../../../lib/use-now';
import { useModerationQueue } from '../api/moderation-api';
import { ModerationActionDialog, type PlannedAction } from './moderation-action-dialog';

type T = TFunction<['moderation', 'common']>;

/*
 * People's names, food names and the words people typed are theirs, not the app's: marked
 * translate="no" (browsers' translators and the Hindi screen checks leave them as they are).
 */
const data = { name: <span translate="no" /> };

function suspensionText(t: T, format: Formatters, until: string): string {
  return until >= SUSPENDED_FOR_GOOD ? t('queue.suspendedForGood') : t('queue.suspendedUntil', { date: format.dateTime(until) });
}

/** A listing's status or a person's role, in the reader's language (the raw value when it is new to the catalog). */
function statusText(t: T, target: ModerationTarget): string {
  const group = target.type === 'USER' ? 'role' : target.type === 'DONATION' ? 'donationStatus' : 'foodNeedStatus';
  return t(`common:enums.${group}.${target.status}` as 'common:enums.role.ADMIN', { defaultValue: target.status });
}

function ReportLine({ report }: { report: QueueReport }) {
  const { t } = useTranslation(['moderation', 'common']);
  const format = useFormat();
  return (
    <Stack gap={2} component="li">
      <Text size="sm">
        <Text span fw={600}>
          {t(`common:enums.reportReason.${report.reason}`)}
        </Text>{' '}
        <Trans t={t} i18nKey="queue.reportBy" values={{ name: report.reporterName, date: format.dateTime(report.createdAt) }} components={data} />
        {report.status === 'OPEN' ? null : ` ${report.status === 'DISMISSED' ? t('queue.reportDismissed') : t('queue.reportActioned')}`}
      </Text>
      {report.details ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} translate="no">
          “{report.details}”
        </Text>
      ) : null}
    </Stack>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** What an admin may do to this target, as buttons that open the reason dialog. */
function plannedActions(t: T, target: ModerationTarget, openReports: number, now: number): PlannedAction[] {
  const base = { targetType: target.type, targetId: target.id, openReports };
  const actions: PlannedAction[] = [{ ...base, action: 'DISMISS', title: t('actions.dismissTitle'), confirm: t('actions.dismiss') }];
  if (!target.exists) return actions;
  if (target.type !== 'USER') {
    actions.push(
      target.hidden
        ? { ...base, action: 'RESTORE', title: t('actions.restoreListingTitle', { title: target.title }), confirm: t('actions.restoreListing') }
        : { ...base, action: 'HIDE', title: t('actions.hideTitle', { title: target.title }), confirm: t('actions.hide') },
    );
  }
  if (target.ownerId !== null) {
    const suspended = target.suspendedUntil !== null && new Date(target.suspendedUntil).getTime() > now;
    const who = target.type === 'USER' ? target.title : t('actions.theOwner', { name: target.ownerName });
    const user = { targetType: 'USER' as const, targetId: target.ownerId, openReports };
    actions.push(
      suspended
        ? { ...user, action: 'RESTORE', title: t('actions.liftTitle', { who }), confirm: t('actions.lift') }
        : { ...user, action: 'SUSPEND', title: t('actions.suspendTitle', { who }), confirm: t('actions.suspend') },
    );
  }
  return actions;
}

function QueueItem({ item, onPlan, now }: { item: ModerationQueueItem; onPlan: (planned: PlannedAction) => void; now: number }) {
  const { t } = useTranslation(['moderation', 'common']);
  const format = useFormat();
  const { target } = item;
  const headingId = `target-${target.type}-${target.id}`;
  const suspended = target.suspendedUntil !== null && new Date(target.suspendedUntil).getTime() > now;
  const typeLabel = t(`queue.targetType.${target.type}`);
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} component="h2" size="lg" m={0} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {typeLabel}: <span translate="no">{target.title}</span>
          </Text>
          <Group gap="xs">
            {!target.exists ? (
              <Badge color="gray.8" variant="outline">
                {t('queue.noLongerExists')}
              </Badge>
            ) : null}
            {target.hidden ? (
              <Badge color="red.9" variant="outline">
                {t('queue.hidden')}
              </Badge>
            ) : null}
            {suspended && target.suspendedUntil ? (
              <Badge color="red.9" variant="outline">
                {suspensionText(t, format, target.suspendedUntil)}
              </Badge>
            ) : null}
          </Group>
        </Group>
        {target.exists ? (
          <Text size="sm">
            {target.type === 'USER' ? (
              t('queue.role', { role: statusText(t, target) })
            ) : (
              <Trans t={t} i18nKey="queue.status" values={{ status: statusText(t, target), owner: target.ownerName }} components={data} />
            )}{' '}
            {target.type === 'DONATION' ? (
              <Anchor component={Link} to={paths.requestDonation(target.id)}>
                {t('queue.openDonation')}
              </Anchor>
            ) : null}
          </Text>
        ) : null}

        <div>
          <Text fw={600} component="h3" size="md" m={0} mb={4}>
            {t('queue.openReports', { count: item.openReports.length })}
          </Text>
          <Stack gap="xs" component="ul" style={listStyle}>
            {item.openReports.map((report) => (
              <ReportLine key={report.id} report={report} />
            ))}
          </Stack>
        </div>

        {item.earlierReports.length > 0 || item.actions.length > 0 ? (
          <div>
            <Text fw={600} component="h3" size="md" m={0} mb={4}>
              {t('queue.history')}
            </Text>
            <Stack gap="xs" component="ul" style={listStyle}>
              {item.actions.map((entry) => (
                <Text key={`action-${entry.id}`} size="sm" component="li">
                  <Trans
                    t={t}
                    i18nKey={entry.targetType === 'USER' && target.type !== 'USER' ? 'queue.historyOwnerAction' : 'queue.historyAction'}
                    values={{
                      action: t(`common:enums.moderationAction.${entry.action}`),
                      name: entry.adminName,
                      date: format.dateTime(entry.createdAt),
                      reason: entry.reason,
                    }}
                    components={data}
                  />
                </Text>
              ))}
              {item.earlierReports.map((report) => (
                <ReportLine key={report.id} report={report} />
              ))}
            </Stack>
          </div>
        ) : null}

        <Group gap="xs" wrap="wrap">
          {plannedActions(t, target, item.openReports.length, now).map((planned) => (
            <Button
              key={`${planned.action}-${planned.targetType}`}
              size="sm"
              variant={planned.action === 'DISMISS' || planned.action === 'RESTORE' ? 'default' : 'light'}
              color={planned.action === 'DISMISS' || planned.action === 'RESTORE' ? undefined : 'red'}
              onClick={() => onPlan(planned)}
              aria-label={t('actions.buttonLabel', { action: planned.confirm, type: typeLabel, title: target.title })}
            >
              {planned.confirm}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** The moderation queue (issue 16): targets with open reports, most recently reported first. */
export function ModerationQueuePage() {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const [planned, setPlanned] = useState<PlannedAction | null>(null);
  const queue = useModerationQueue(page);
  const now = useNow();
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / MODERATION_QUEUE_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1}>{t('queue.title')}</Title>
      <Text c="dimmed">{t('queue.intro')}</Text>
      {queue.isPending ? (
        <Text role="status">{t('queue.loading')}</Text>
      ) : queue.isError ? (
        <Alert color="red" variant="light">
          {queue.error instanceof ApiError && queue.error.status === 403 ? t('queue.forbidden') : t('queue.failed')}
        </Alert>
      ) : queue.data.items.length === 0 ? (
        <Text role="status">{t('queue.empty')}</Text>
      ) : (
        <Stack gap="md">
          {queue.data.items.map((item) => (
            <QueueItem key={`${item.target.type}-${item.target.id}`} item={item} onPlan={setPlanned} now={now} />
          ))}
          {pages > 1 ? (
            <Center>
              <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })} />
            </Center>
          ) : null}
        </Stack>
      )}
      <ModerationActionDialog planned={planned} onClose={() => setPlanned(null)} />
    </Stack>
  );
}
