import { Alert, Anchor, Card, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { CONTACT_MESSAGES_PAGE_SIZE, useContactMessages } from '../api/admin-api';

/** Contact & Help messages for admins; the server decides who is one and answers others with 403. */
export function ContactMessagesPage() {
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / CONTACT_MESSAGES_PAGE_SIZE));

  return (
    <div>
      <Title order={1} mb="lg">
        Contact messages
      </Title>
      {messages.isPending ? (
        <Text role="status">Loading...</Text>
      ) : messages.isError ? (
        <Alert color="red" variant="light" title={messages.error instanceof ApiError && messages.error.status === 403 ? 'Admins only' : undefined}>
          {messages.error instanceof ApiError && messages.error.status === 403
            ? 'Only admins can read contact messages.'
            : 'Failed to load contact messages. Please try again.'}
        </Alert>
      ) : messages.data.messages.length === 0 ? (
        <Text>No contact messages yet.</Text>
      ) : (
        <Stack gap="md">
          {messages.data.messages.map((message) => (
            <Card key={message.id} withBorder radius="md" component="article" aria-labelledby={`message-${message.id}`}>
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Text fw={700} component="h2" size="lg" m={0} id={`message-${message.id}`}>
                  {message.subject}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              <Text size="sm" mb="xs">
                From {message.name} (<Anchor href={`mailto:${message.email}`}>{message.email}</Anchor>){message.userId === null ? ', not signed in' : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Text>
            </Card>
          ))}
          {pages > 1 ? (
            <Center>
              <Pagination total={pages} value={page} onChange={setPage} getItemProps={(item) => ({ 'aria-label': `Page ${item}` })} />
            </Center>
          ) : null}
        </Stack>
      )}
    </div>
  );
}
