import { Box, Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from './nav-item';
import { NavLinkLabel } from './nav-link-label';
import { paths } from './paths';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  signedIn: boolean;
  onLogout: () => void;
  pending: boolean;
}

/** The top bar's links as a full-screen menu on small screens. */
export default function MobileMenu({ opened, onClose, items, signedIn, onLogout, pending }: MobileMenuProps) {
  return (
    <Drawer opened={opened} onClose={onClose} size="100%" title="Menu" hiddenFrom="md" closeButtonProps={{ 'aria-label': 'Close menu' }}>
      <Box component="nav" aria-label="Main">
        <Stack gap="sm">
          {items.map((item) => (
            <Button key={item.to} component={Link} to={item.to} variant={item.variant} size="lg" fullWidth onClick={onClose}>
              <NavLinkLabel item={item} />
            </Button>
          ))}
          {signedIn ? (
            <>
              <Button component={Link} to={paths.profile} variant="subtle" size="lg" fullWidth onClick={onClose}>
                Profile
              </Button>
              <Button variant="outline" size="lg" fullWidth onClick={onLogout} loading={pending}>
                Logout
              </Button>
            </>
          ) : null}
        </Stack>
      </Box>
    </Drawer>
  );
}
