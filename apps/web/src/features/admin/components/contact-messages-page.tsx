import { Alert, Anchor, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { CONTACT_MESSAGES_PAGE_SIZE, useContactMessages } from '../api/admin-api';

/** Contact & Help messages for admins; the server decides who is one and answers others with 403. */
export function ContactMessagesPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / CONTACT_MESSAGES_PAGE_SIZE));

  return (
    <div>
      <Title order={1} mb="lg">
        {t('messages.title')}
      </Title>
      {messages.isPending ? (
        <Text role="status">{t('messages.loading')}</Text>
      ) : messages.isError ? (
        <Alert color="red" variant="light" title={messages.error instanceof ApiError && messages.error.status === 403 ? t('messages.adminsOnly') : undefined}>
          {messages.error instanceof ApiError && messages.error.status === 403 ? t('messages.forbidden') : t('messages.failed')}
        </Alert>
      ) : messages.data.messages.length === 0 ? (
        <Text>{t('messages.empty')}</Text>
      ) : (
        <Stack gap="md">
          {messages.data.messages.map((message) => (
            <Card key={message.id} withBorder radius="md" component="article" aria-labelledby={`message-${message.id}`}>
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Text fw={700} component="h2" size="lg" m={0} id={`message-${message.id}`} translate="no">
                  {message.subject}
                </Text>
                <Text size="sm" c="dimmed">
                  {format.dateTime(message.createdAt)}
                </Text>
              </Group>
              <Text size="sm" mb="xs">
                <Trans
                  t={t}
                  i18nKey={message.userId === null ? 'messages.fromGuest' : 'messages.from'}
                  values={{ name: message.name, email: message.email }}
                  components={{ name: <span translate="no" />, email: <Anchor href={`mailto:${message.email}`} /> }}
                />
              </Text>
              {/* The sender's own words (and subject and name): not the app's, not translated. */}
              <Text style={{ whiteSpace: 'pre-wrap' }} translate="no">
                {message.message}
              </Text>
            </Card>
          ))}
          {pages > 1 ? (
            <Center>
              <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })} />
            </Center>
          ) : null}
        </Stack>
      )}
    </div>
  );
}
