import { ActionIcon, Badge } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The bell in the top bar: the unread count is seen on the badge and heard in the name. */
export function NotificationBell({ to, unread }: { to: string; unread: number }) {
  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    // Visible overflow: the count sits over the corner of the icon, outside its box.
    <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={label} pos="relative" style={{ overflow: 'visible' }} data-testid="notification-bell">
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
