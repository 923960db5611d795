import { Box, Button, Drawer, Stack } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { LanguageSwitch } from './language-switch';
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
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} size="100%" title={t('menu.title')} hiddenFrom="lg" closeButtonProps={{ 'aria-label': t('menu.close') }}>
      <Box component="nav" aria-label={t('nav.main')}>
        <Stack gap="sm">
          {/* First, so a person who does not read this language finds it without scrolling: the
              menu's links no longer fit a 740 px phone screen once Find food joined them. */}
          <LanguageSwitch signedIn={signedIn} size="lg" fullWidth />
          {items.map((item) => (
            <Button key={item.to} component={Link} to={item.to} variant={item.variant} size="lg" fullWidth onClick={onClose}>
              <NavLinkLabel item={item} />
            </Button>
          ))}
          {signedIn ? (
            <>
              <Button component={Link} to={paths.profile} variant="subtle" size="lg" fullWidth onClick={onClose}>
                {t('nav.profile')}
              </Button>
              <Button variant="outline" size="lg" fullWidth onClick={onLogout} loading={pending}>
                {t('nav.logout')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Box>
    </Drawer>
  );
}
