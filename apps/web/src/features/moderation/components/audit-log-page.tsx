import { SUSPENDED_FOR_GOOD } from '@annadaan/contract/moderation';
import { Alert, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/moderation-api';

/** Names and reasons are what people wrote: not the app's words, not translated. */
const data = { name: <span translate="no" /> };

/** The audit log (issue 16): every admin action, newest first, read-only. */
export function AuditLogPage() {
  const { t } = useTranslation(['moderation', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / AUDIT_LOG_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1}>{t('audit.title')}</Title>
      <Text c="dimmed">{t('audit.intro')}</Text>
      {log.isPending ? (
        <Text role="status">{t('audit.loading')}</Text>
      ) : log.isError ? (
        <Alert color="red" variant="light">
          {log.error instanceof ApiError && log.error.status === 403 ? t('audit.forbidden') : t('audit.failed')}
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <Text role="status">{t('audit.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('audit.listLabel')}>
          {log.data.entries.map((entry) => (
            <Card key={entry.id} withBorder radius="md" padding="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>
                  {t('audit.entry', {
                    action: t(`common:enums.moderationAction.${entry.action}`),
                    target: t(`audit.targetType.${entry.targetType}`),
                    id: entry.targetId,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {format.dateTime(entry.createdAt)}
                </Text>
              </Group>
              <Text size="sm">
                <Trans t={t} i18nKey="audit.by" values={{ name: entry.adminName }} components={data} />
              </Text>
              {entry.suspendedUntil ? (
                <Text size="sm">
                  {entry.suspendedUntil >= SUSPENDED_FOR_GOOD ? t('audit.forGood') : t('audit.until', { date: format.dateTime(entry.suspendedUntil) })}
                </Text>
              ) : null}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <Trans t={t} i18nKey="audit.reason" values={{ reason: entry.reason }} components={data} />
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })} />
        </Center>
      ) : null}
    </Stack>
  );
}
