import type { MessagingUsage } from '@annadaan/contract/messaging';
import { Alert, Center, Group, Pagination, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { MESSAGING_REFUSALS_PAGE_SIZE, useMessagingRefusals, useMessagingUsage } from '../api/admin-api';

type ChannelUsage = MessagingUsage['channels'][number];

/** Each channel's count against its daily cap, with a clear alert for a cap that is reached (issue 31, decision 049). */
function DailyCaps({ channels }: { channels: ChannelUsage[] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const reached = channels.filter((row) => row.reached);
  return (
    <Stack gap="md">
      {reached.map((row) => {
        const channel = t(`messaging.channel.${row.channel}`);
        const values = { channel, used: format.number(row.used), cap: format.number(row.cap), time: row.resetsAt ? format.dateTime(row.resetsAt) : '' };
        return (
          <Alert key={row.channel} color="red" variant="light" role="alert" title={t('messaging.capReachedTitle', values)}>
            {t('messaging.capReached', values)}
          </Alert>
        );
      })}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="messaging-usage-heading">
        <Title order={2} size="h4" id="messaging-usage-heading">
          {t('messaging.usageTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('messaging.usageText')}
        </Text>
        <Stack gap="sm">
          {channels.map((row) => {
            const values = { channel: t(`messaging.channel.${row.channel}`), used: format.number(row.used), cap: format.number(row.cap) };
            return (
              <div key={row.channel} data-testid={`usage-${row.channel}`}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{values.channel}</Text>
                  <Text>{t('messaging.usage', values)}</Text>
                </Group>
                <Progress
                  value={Math.min(100, (row.used / row.cap) * 100)}
                  color={row.reached ? 'red.8' : 'green.8'}
                  aria-label={t('messaging.usageLabel', values)}
                  my={4}
                />
                <Text size="sm" c="dimmed">
                  {row.resetsAt ? t('messaging.resetsAt', { time: format.dateTime(row.resetsAt) }) : t('messaging.notStarted')}
                </Text>
              </div>
            );
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Messages a provider refused for good, newest first, a page at a time; numbers only by their last 4 digits. */
function RefusedMessages() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const refusals = useMessagingRefusals(page);
  const pages = Math.max(1, Math.ceil((refusals.data?.total ?? 0) / MESSAGING_REFUSALS_PAGE_SIZE));
  return (
    <section aria-labelledby="messaging-refused-heading">
      <Title order={2} size="h4" id="messaging-refused-heading">
        {t('messaging.refusedTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('messaging.refusedText')}
      </Text>
      {refusals.isPending ? (
        <Text role="status">{t('messaging.loading')}</Text>
      ) : refusals.isError ? (
        <Alert color="red" variant="light">
          {t('messaging.failed')}
        </Alert>
      ) : refusals.data.failures.length === 0 ? (
        <Text>{t('messaging.empty')}</Text>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-labelledby="messaging-refused-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messaging.columns.when')}</Table.Th>
                  <Table.Th>{t('messaging.columns.channel')}</Table.Th>
                  <Table.Th>{t('messaging.columns.template')}</Table.Th>
                  <Table.Th>{t('messaging.columns.number')}</Table.Th>
                  <Table.Th>{t('messaging.columns.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refusals.data.failures.map((failure) => (
                  <Table.Tr key={failure.id}>
                    <Table.Td>{format.dateTime(failure.at)}</Table.Td>
                    <Table.Td>{t(`messaging.channel.${failure.channel}`)}</Table.Td>
                    <Table.Td translate="no">{failure.template}</Table.Td>
                    <Table.Td>{t('messaging.numberEnding', { ending: failure.toEnding })}</Table.Td>
                    {/* The provider's own words, in its language: not the app's, not translated. */}
                    <Table.Td translate="no">{failure.detail ?? t('messaging.noReason')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Center>
              <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })} />
            </Center>
          ) : null}
        </Stack>
      )}
    </section>
  );
}

/**
 * WhatsApp and SMS for admins (issue 31): each channel's count against its daily cap, alerting when
 * one is reached, and the messages providers refused for good. The server decides who is an admin
 * and answers others with 403.
 */
export function MessagingAdminPage() {
  const { t } = useTranslation('admin');
  const usage = useMessagingUsage();
  const forbidden = usage.error instanceof ApiError && usage.error.status === 403;
  return (
    <div>
      <Title order={1} mb="lg">
        {t('messaging.title')}
      </Title>
      {usage.isPending ? (
        <Text role="status">{t('messaging.loading')}</Text>
      ) : usage.isError ? (
        <Alert color="red" variant="light" title={forbidden ? t('messaging.adminsOnly') : undefined}>
          {forbidden ? t('messaging.forbidden') : t('messaging.failed')}
        </Alert>
      ) : (
        <Stack gap="xl">
          <DailyCaps channels={usage.data.channels} />
          <RefusedMessages />
        </Stack>
      )}
    </div>
  );
}
