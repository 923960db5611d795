import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../app/paths';
import { useTranslation } from '../i18n/react';
import { NotFoundPage } from './not-found-page';

/*
 * The screen a route shows when it fails (issue 30): a screen's code that could not be fetched (a
 * lazy chunk, offline in the installed app), a part that threw while drawing, or an address with
 * no page. Its words are in `common`, which every shown language holds before anything draws, so
 * this screen never waits for a catalog (offline, it could not fetch one).
 */

/**
 * Whether an error is a screen's code that could not be fetched. Browsers word it differently:
 * Chromium "Failed to fetch dynamically imported module", Safari "Importing a module script
 * failed", Firefox "error loading dynamically imported module".
 */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|importing a module script failed/i.test(error.message);
}

/** A route's error screen, inside the page's top bar and footer. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const connection = isChunkLoadError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t(connection ? 'routeError.offlineTitle' : 'routeError.title')}</Title>
      <Text mt="md">{t(connection ? 'routeError.offlineText' : 'routeError.text')}</Text>
      <Group mt="lg" gap="sm">
        {/* A fresh load fetches the screen's code again and starts every part over. */}
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
        <Button component={Link} to={paths.landing} variant="default">
          {t('notFound.home')}
        </Button>
      </Group>
    </Container>
  );
}

/** The root's error screen: the top bar itself may be what failed, so this one stands alone. */
export function RootErrorPage() {
  return (
    <Box component="main" id="main" mih="100vh">
      <RouteErrorPage />
    </Box>
  );
}
