import { ActionIcon, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserCircle } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { useUnreadCount } from '../features/notifications/api/notifications-api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useLiveEvents } from '../features/notifications/hooks/use-live-events';
import { usePendingReceived } from '../features/requests/api/requests-api';
import { useSessionRole, useSessionToken } from '../lib/use-session';
import { LanguageSwitch, useAccountLanguage } from './language-switch';
import { NavLinkLabel } from './nav-link-label';
import { paths } from './paths';

import type { NavItem } from './nav-item';

/*
 * The drawer pulls in Mantine's modal, scroll area and positioning code (about 11 kB gzipped);
 * most visits never open it, so it stays out of the first load.
 */
const MobileMenu = lazy(() => import('./mobile-menu'));

function anonymousItems(t: TFunction): NavItem[] {
  return [
    { label: t('nav.signIn'), to: paths.signIn, variant: 'subtle' },
    { label: t('nav.signUp'), to: paths.signUp, variant: 'filled' },
    { label: t('nav.stats'), to: paths.stats, variant: 'subtle' },
  ];
}

/**
 * The spec's signed-in bar (Home, My Orders, Stats) plus Received Requests for donors (issue 11):
 * without it a donor never finds Accept; and Find food (Browse), which it lacked
 * (issue 29). Anyone may donate, so anyone with requests waiting sees it too.
 */
function signedInItems(t: TFunction, showReceived: boolean, pending: number): NavItem[] {
  return [
    { label: t('nav.home'), to: paths.home, variant: 'subtle' },
    // Issue 29: finding food is what most signed-in people came for.
    { label: t('nav.findFood'), to: paths.browse, variant: 'subtle' },
    { label: t('nav.myOrders'), to: paths.myOrders, variant: 'subtle' },
    ...(showReceived
      ? [{ label: t('nav.receivedRequests'), to: paths.myReceivedRequests, variant: 'subtle' as const, badge: pending, badgeLabel: t('nav.badgeWaiting') }]
      : []),
    { label: t('nav.stats'), to: paths.stats, variant: 'subtle' },
  ];
}

/** Only in the phone menu: the desktop finds these on the home screen. */
function phoneOnlyItems(t: TFunction): NavItem[] {
  return [
    { label: t('nav.postFoodNeed'), to: paths.requestFood, variant: 'subtle' },
    { label: t('nav.userDirectory'), to: paths.userDirectory, variant: 'subtle' },
    { label: t('nav.dashboard'), to: paths.dashboard, variant: 'subtle' },
    // Issue 32: anyone signed in may carry food.
    { label: t('nav.volunteer'), to: paths.volunteer, variant: 'subtle' },
  ];
}

/** What the bar shows a signed-in person beyond a visitor's bar. */
interface Account {
  unread: number;
  logout: () => void;
  pending: boolean;
}

/**
 * The sticky bar: one for visitors, one for signed-in people (spec section 2, Navigation). A
 * visitor's bar runs none of the signed-in queries and streams: on a public page's first load
 * that work was most of the bar's part of hydration (about 60 of 95 ms with the CPU slowed 4×).
 */
export function TopBar() {
  const { t } = useTranslation();
  const token = useSessionToken();
  if (token) return <SignedInTopBar token={token} />;
  return <Bar items={anonymousItems(t)} phoneItems={[]} account={null} />;
}

function SignedInTopBar({ token }: { token: string }) {
  const { t } = useTranslation();
  useAccountLanguage(true);
  const { signOut, pending } = useSignOut();
  const role = useSessionRole();
  const waiting = usePendingReceived(true).data?.pending ?? 0;
  const signedIn = signedInItems(t, role === 'DONOR' || waiting > 0, waiting);
  // Admins reach moderation, the audit log and messages from here (issue 16).
  const items = role === 'ADMIN' ? [...signedIn, { label: t('nav.admin'), to: paths.adminModeration, variant: 'subtle' as const }] : signedIn;
  const unread = useUnreadCount(true).data?.count ?? 0;
  useLiveEvents(token);
  const phoneItems: NavItem[] = [
    { label: t('nav.notifications'), to: paths.notifications, variant: 'subtle', badge: unread, badgeLabel: t('nav.badgeUnread') },
    ...(role === 'RECEIVER' ? [{ label: t('nav.foodAlerts'), to: paths.foodAlerts, variant: 'subtle' as const }] : []),
    { label: t('nav.myOrganisations'), to: paths.myOrganisations, variant: 'subtle' },
    ...phoneOnlyItems(t),
  ];

  const logout = () => {
    // Phone notifications stop before the session ends. Their code (the push subscription calls)
    // loads here, at sign-out, rather than with every visitor's first screen (decision 043).
    // Should that code not load (no signal), signing out goes on regardless, as it does when the
    // browser refuses to unsubscribe.
    void import('../features/notifications/hooks/use-push-notifications')
      .then(({ stopPushForThisBrowser }) => stopPushForThisBrowser())
      .catch(() => undefined)
      .then(signOut);
  };

  return <Bar items={items} phoneItems={phoneItems} account={{ unread, logout, pending }} />;
}

function Bar({ items, phoneItems, account }: { items: NavItem[]; phoneItems: NavItem[]; account: Account | null }) {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  // A page change closes the menu, however it came (a tab tapped while the menu's code was still
  // loading opened the menu over the next page).
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    if (menuOpen) menu.close();
  }
  // Mounted on first open and kept, so closing still animates.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const unread = account?.unread ?? 0;
  const pending = account?.pending ?? false;
  const logout = () => {
    menu.close();
    account?.logout();
  };

  return (
    <Box component="header" pos="sticky" top={0} bg="white" style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" h={64} px="md">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Link to={paths.landing} style={{ textDecoration: 'none', color: 'inherit' }}>
            <Group gap="xs" wrap="nowrap">
              <img src="/logo.svg" alt="" width={36} height={36} />
              <Text fw={800} size="xl" c="green.9" component="span">
                {t('brand')}
              </Text>
            </Group>
          </Link>

          {/* From lg (1200 px): with Find food and Received Requests the bar needs about 1,085 px, more than md's 992 px. */}
          <Box component="nav" aria-label={t('nav.main')} visibleFrom="lg">
            <Group gap="xs" wrap="nowrap">
              {items.map((item) => (
                <Button key={item.to} component={Link} to={item.to} variant={item.variant}>
                  <NavLinkLabel item={item} />
                </Button>
              ))}
              {account ? (
                <>
                  <NotificationBell to={paths.notifications} unread={unread} />
                  <ActionIcon component={Link} to={paths.profile} variant="subtle" size="lg" aria-label={t('nav.profile')}>
                    <IconUserCircle size={28} aria-hidden="true" />
                  </ActionIcon>
                  <Button variant="outline" onClick={logout} loading={pending}>
                    {t('nav.logout')}
                  </Button>
                </>
              ) : null}
              <LanguageSwitch signedIn={account !== null} />
            </Group>
          </Box>

          <Group hiddenFrom="lg" gap="xs" wrap="nowrap">
            {account ? (
              <>
                <NotificationBell to={paths.notifications} unread={unread} />
                <ActionIcon component={Link} to={paths.profile} variant="subtle" size="lg" aria-label={t('nav.profile')}>
                  <IconUserCircle size={28} aria-hidden="true" />
                </ActionIcon>
              </>
            ) : null}
            <Burger
              opened={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                menu.toggle();
              }}
              aria-label={menuOpen ? t('menu.close') : t('menu.open')}
              aria-expanded={menuOpen}
            />
          </Group>
        </Group>
      </Container>

      {/* On small screens the same links live in a full-screen menu, loaded the first time it opens. */}
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpen}
            onClose={menu.close}
            items={[...items, ...phoneItems]}
            signedIn={account !== null}
            onLogout={logout}
            pending={pending}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
