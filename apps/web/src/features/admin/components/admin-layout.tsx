import { Button, Container, Group } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../app/paths';

const ADMIN_LINKS = [
  { label: 'nav.moderation', to: paths.adminModeration },
  { label: 'nav.auditLog', to: paths.adminAuditLog },
  { label: 'nav.messages', to: paths.adminMessages },
] as const;

/**
 * The admin area's own navigation (issue 16), reached from the header's Admin link. The server
 * decides who is an admin; others reaching these screens see each one's 403 message.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <Container size="md" py="xl" px="md">
      <Group component="nav" aria-label={t('nav.label')} gap="xs" mb="lg" wrap="wrap">
        {ADMIN_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end style={{ textDecoration: 'none' }}>
            {({ isActive }) => (
              <Button component="span" variant={isActive ? 'filled' : 'light'} size="sm">
                {t(link.label)}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
      <Outlet />
    </Container>
  );
}
