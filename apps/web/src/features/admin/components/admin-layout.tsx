import { Badge, Button, Container, Group, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../app/paths';
import { useSessionRole } from '../../../lib/use-session';
import { useMessagingUsage } from '../api/admin-api';

const ADMIN_LINKS = [
  { label: 'nav.moderation', to: paths.adminModeration },
  { label: 'nav.auditLog', to: paths.adminAuditLog },
  { label: 'nav.messages', to: paths.adminMessages },
  { label: 'nav.messaging', to: paths.adminMessaging },
  { label: 'nav.volunteers', to: paths.adminVolunteers },
  { label: 'nav.organisations', to: paths.adminOrganisations },
] as const;

/**
 * The admin area's own navigation (issue 16), reached from the header's Admin link. The server
 * decides who is an admin; others reaching these screens see each one's 403 message. WhatsApp and
 * SMS carries a marker while a channel's daily cap is reached (decision 049), so admins see it
 * from any admin screen.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const usage = useMessagingUsage({ enabled: useSessionRole() === 'ADMIN' });
  const capReached = usage.data?.channels.some((row) => row.reached) ?? false;
  return (
    <Container size="md" py="xl" px="md">
      <Group component="nav" aria-label={t('nav.label')} gap="xs" mb="lg" wrap="wrap">
        {ADMIN_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end style={{ textDecoration: 'none' }}>
            {({ isActive }) => (
              <Button component="span" variant={isActive ? 'filled' : 'light'} size="sm">
                {t(link.label)}
                {link.to === paths.adminMessaging && capReached ? (
                  <>
                    <Badge component="span" aria-hidden="true" color="red.8" size="xs" circle ml={6} data-testid="cap-marker">
                      !
                    </Badge>
                    <VisuallyHidden>{`(${t('nav.capMarker')})`}</VisuallyHidden>
                  </>
                ) : null}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </Container>
  );
}
