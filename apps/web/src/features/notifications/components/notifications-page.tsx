import type { Notification } from '@annadaan/contract/notifications';
import { Alert, Anchor, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useFormat } from '../../../lib/locale-format';
import { useSessionRole } from '../../../lib/use-session';
import { useMarkRead, useNotifications } from '../api/notifications-api';
import { PushOptIn } from './push-opt-in';
import { EmptyState } from '../../../components/empty-state';
import { badgeTextColor } from '../../../components/status-badge-color';

function NotificationItem({ item, onRead, marking }: { item: Notification; onRead: (id: number) => void; marking: boolean }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const unread = item.readAt === null;
  return (
    <Paper component="li" withBorder p="md" radius="md" bg={unread ? 'green.0' : undefined} data-testid="notification">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} component="h2" size="md" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {/* Not "green.9": a light badge given a shade is filled with that shade and its text is the same green (issue 29). */}
          {unread ? (
            <Badge color="green" c={badgeTextColor('green')} variant="light">
              {t('centre.unread')}
            </Badge>
          ) : null}
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>{item.body}</Text>
        <Text size="sm" c="dimmed">
          {format.dateTime(item.createdAt)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Anchor component={Link} to={item.link} onClick={() => unread && onRead(item.id)}>
            {t('centre.open')}
          </Anchor>
          {unread ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => onRead(item.id)}
              disabled={marking}
              aria-label={t('centre.markReadNamed', { title: item.title })}
            >
              {t('centre.markRead')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The notification centre: everything the live stream brought, newest first, with mark read. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const role = useSessionRole();
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((item) => item.readAt === null);

  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" wrap="wrap" mb="md">
        <Title order={1}>{t('centre.title')}</Title>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={paths.notificationSettings} variant="subtle">
            {t('centre.settings')}
          </Button>
          {role === 'RECEIVER' ? (
            <Button component={Link} to={paths.foodAlerts} variant="subtle">
              {t('centre.foodAlerts')}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => markRead.mutate({ all: true })} disabled={!anyUnread || markRead.isPending}>
            {t('centre.markAllRead')}
          </Button>
        </Group>
      </Group>
      <PushOptIn />
      {list.isPending ? (
        <Loader aria-label={t('centre.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('centre.loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <EmptyState message={t('centre.empty')} action={{ kind: 'browse', to: paths.browse }} />
      ) : (
        <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} marking={markRead.isPending} onRead={(id) => markRead.mutate({ ids: [id] })} />
          ))}
        </Stack>
      )}
      {list.hasNextPage ? (
        <Button variant="default" mt="md" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('centre.loadMore')}
        </Button>
      ) : null}
    </Container>
  );
}
