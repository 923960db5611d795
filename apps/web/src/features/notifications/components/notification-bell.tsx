import { ActionIcon, Badge } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';

/**
 * The bell in the top bar: the unread count is seen on the badge and heard in the name. It sits
 * outside any route's Suspense, so its namespace loads without suspending; until it is there the
 * name is the shell's word for notifications.
 */
export function NotificationBell({ to, unread }: { to: string; unread: number }) {
  const { t, ready } = useTranslation(['notifications', 'shell'], { useSuspense: false });
  const label = !ready ? t('shell:nav.notifications') : unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    // Visible overflow: the count sits over the corner of the icon, outside its box.
    <ActionIcon
      component={Link}
      to={to}
      variant="subtle"
      size="lg"
      aria-label={label}
      pos="relative"
      style={{ overflow: 'visible' }}
      data-testid="notification-bell"
    >
      <IconBell size={26} aria-hidden="true" />
      {unread > 0 ? (
        <Badge
          component="span"
          aria-hidden="true"
          color="red.8"
          size="xs"
          circle={unread < 10}
          pos="absolute"
          top={-2}
          right={-4}
          data-testid="notification-count"
        >
          {unread > 99 ? '99+' : unread}
        </Badge>
      ) : null}
    </ActionIcon>
  );
}
