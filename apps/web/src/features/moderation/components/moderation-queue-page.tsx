import {
  MODERATION_ACTION_LABELS,
  MODERATION_QUEUE_PAGE_SIZE,
  type ModerationQueueItem,
  type ModerationTarget,
  type QueueReport,
  REPORT_REASON_LABELS,
  SUSPENDED_FOR_GOOD,
} from '@annadaan/contract/moderation';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useModerationQueue } from '../api/moderation-api';
import { ModerationActionDialog, type PlannedAction } from './moderation-action-dialog';

const TYPE_LABELS = { DONATION: 'Donation', FOOD_NEED: 'Food need', USER: 'User' } as const;

function suspensionText(until: string): string {
  return until >= SUSPENDED_FOR_GOOD ? 'Suspended for good' : `Suspended until ${formatDateTime(until)}`;
}

function ReportLine({ report }: { report: QueueReport }) {
  return (
    <Stack gap={2} component="li">
      <Text size="sm">
        <Text span fw={600}>
          {REPORT_REASON_LABELS[report.reason]}
        </Text>{' '}
        by {report.reporterName}, {formatDateTime(report.createdAt)}
        {report.status === 'OPEN' ? null : ` (${report.status === 'DISMISSED' ? 'dismissed' : 'acted on'})`}
      </Text>
      {report.details ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{report.details}”
        </Text>
      ) : null}
    </Stack>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** What an admin may do to this target, as buttons that open the reason dialog. */
function plannedActions(target: ModerationTarget, now: number): PlannedAction[] {
  const actions: PlannedAction[] = [{ action: 'DISMISS', targetType: target.type, targetId: target.id, title: 'Dismiss the reports', confirm: 'Dismiss' }];
  if (!target.exists) return actions;
  const name = `“${target.title}”`;
  if (target.type !== 'USER') {
    actions.push(
      target.hidden
        ? { action: 'RESTORE', targetType: target.type, targetId: target.id, title: `Show ${name} again`, confirm: 'Restore listing' }
        : { action: 'HIDE', targetType: target.type, targetId: target.id, title: `Hide ${name}`, confirm: 'Hide listing' },
    );
  }
  if (target.ownerId !== null) {
    const suspended = target.suspendedUntil !== null && new Date(target.suspendedUntil).getTime() > now;
    const who = target.type === 'USER' ? target.title : `${target.ownerName} (the owner)`;
    actions.push(
      suspended
        ? { action: 'RESTORE', targetType: 'USER', targetId: target.ownerId, title: `Lift the suspension of ${who}`, confirm: 'Lift suspension' }
        : { action: 'SUSPEND', targetType: 'USER', targetId: target.ownerId, title: `Suspend ${who}`, confirm: 'Suspend' },
    );
  }
  return actions;
}

function QueueItem({ item, onPlan, now }: { item: ModerationQueueItem; onPlan: (planned: PlannedAction) => void; now: number }) {
  const { target } = item;
  const headingId = `target-${target.type}-${target.id}`;
  const suspended = target.suspendedUntil !== null && new Date(target.suspendedUntil).getTime() > now;
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={700} component="h2" size="lg" m={0} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {TYPE_LABELS[target.type]}: {target.title}
          </Text>
          <Group gap="xs">
            {!target.exists ? <Badge color="gray.8" variant="outline">No longer exists</Badge> : null}
            {target.hidden ? <Badge color="red.9" variant="outline">Hidden</Badge> : null}
            {suspended && target.suspendedUntil ? <Badge color="red.9" variant="outline">{suspensionText(target.suspendedUntil)}</Badge> : null}
          </Group>
        </Group>
        {target.exists ? (
          <Text size="sm">
            {target.type === 'USER' ? `Role: ${target.status}` : `Status: ${target.status}. Listed by ${target.ownerName}.`}{' '}
            {target.type === 'DONATION' ? (
              <Anchor component={Link} to={paths.requestDonation(target.id)}>
                Open the donation
              </Anchor>
            ) : null}
          </Text>
        ) : null}

        <div>
          <Text fw={600} component="h3" size="md" m={0} mb={4}>
            Open reports ({item.openReports.length})
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
              History
            </Text>
            <Stack gap="xs" component="ul" style={listStyle}>
              {item.actions.map((entry) => (
                <Text key={`action-${entry.id}`} size="sm" component="li">
                  {MODERATION_ACTION_LABELS[entry.action]}
                  {entry.targetType === 'USER' && target.type !== 'USER' ? ' (the owner)' : ''} by {entry.adminName}, {formatDateTime(entry.createdAt)}: {entry.reason}
                </Text>
              ))}
              {item.earlierReports.map((report) => (
                <ReportLine key={report.id} report={report} />
              ))}
            </Stack>
          </div>
        ) : null}

        <Group gap="xs" wrap="wrap">
          {plannedActions(target, now).map((planned) => (
            <Button
              key={`${planned.action}-${planned.targetType}`}
              size="sm"
              variant={planned.action === 'DISMISS' || planned.action === 'RESTORE' ? 'default' : 'light'}
              color={planned.action === 'DISMISS' || planned.action === 'RESTORE' ? undefined : 'red'}
              onClick={() => onPlan(planned)}
              aria-label={`${planned.confirm}: ${TYPE_LABELS[target.type]} ${target.title}`}
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
  const [page, setPage] = useState(1);
  const [planned, setPlanned] = useState<PlannedAction | null>(null);
  const queue = useModerationQueue(page);
  const now = useNow();
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / MODERATION_QUEUE_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1}>Moderation</Title>
      <Text c="dimmed">Open reports, grouped by what they are about. Every action needs a reason and goes to the audit log.</Text>
      {queue.isPending ? (
        <Text role="status">Loading reports...</Text>
      ) : queue.isError ? (
        <Alert color="red" variant="light">
          {queue.error instanceof ApiError && queue.error.status === 403 ? 'Only admins can moderate.' : 'Failed to load the reports. Please try again.'}
        </Alert>
      ) : queue.data.items.length === 0 ? (
        <Text role="status">No open reports. Everything reported has been handled.</Text>
      ) : (
        <Stack gap="md">
          {queue.data.items.map((item) => (
            <QueueItem key={`${item.target.type}-${item.target.id}`} item={item} onPlan={setPlanned} now={now} />
          ))}
          {pages > 1 ? (
            <Center>
              <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
            </Center>
          ) : null}
        </Stack>
      )}
      <ModerationActionDialog planned={planned} onClose={() => setPlanned(null)} />
    </Stack>
  );
}
