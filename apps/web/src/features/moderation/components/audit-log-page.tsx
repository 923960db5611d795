import { MODERATION_ACTION_LABELS, SUSPENDED_FOR_GOOD } from '@annadaan/contract/moderation';
import { Alert, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/moderation-api';

const TARGET_LABELS = { DONATION: 'donation', FOOD_NEED: 'food need', USER: 'user' } as const;

/** The audit log (issue 16): every admin action, newest first, read-only. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_LOG_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1}>Audit log</Title>
      <Text c="dimmed">Who did what, to which target, when and why. Entries cannot be edited or deleted.</Text>
      {log.isPending ? (
        <Text role="status">Loading the audit log...</Text>
      ) : log.isError ? (
        <Alert color="red" variant="light">
          {log.error instanceof ApiError && log.error.status === 403 ? 'Only admins can read the audit log.' : 'Failed to load the audit log. Please try again.'}
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <Text role="status">No admin actions yet.</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Admin actions, newest first">
          {log.data.entries.map((entry) => (
            <Card key={entry.id} withBorder radius="md" padding="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>
                  {MODERATION_ACTION_LABELS[entry.action]}: {TARGET_LABELS[entry.targetType]} #{entry.targetId}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                </Text>
              </Group>
              <Text size="sm">By {entry.adminName}</Text>
              {entry.suspendedUntil ? (
                <Text size="sm">{entry.suspendedUntil >= SUSPENDED_FOR_GOOD ? 'For good' : `Until ${formatDateTime(entry.suspendedUntil)}`}</Text>
              ) : null}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Reason: {entry.reason}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
        </Center>
      ) : null}
    </Stack>
  );
}
