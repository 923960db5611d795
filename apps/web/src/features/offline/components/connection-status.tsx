import { Anchor, Box, Group, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from '../../../lib/service-worker';
import { useOnline } from '../../../lib/use-online';

/**
 * Under the top bar on every screen: that the phone is offline (and what still works), and that a
 * new version waits, with the reload that switches to it (docs/decisions/037-installable-offline.md).
 * One live region, always there, so screen readers announce what appears in it. It is a polite
 * live region rather than role="status": an empty status on every screen would stand beside (and be
 * confused with) the status a screen shows for its own outcome.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);

  return (
    <Box aria-live="polite" aria-atomic="true">
      {!online && (
        <Group gap="xs" wrap="nowrap" px="md" py="xs" bg="yellow.1" c="dark.9" data-testid="offline-banner">
          <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{t('connection.offline')}</Text>
        </Group>
      )}
      {updateWaiting && (
        <Group gap="xs" wrap="nowrap" px="md" py="xs" bg="blue.0" c="dark.9" data-testid="update-prompt">
          <IconRefresh size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="connection.updateAvailable"
              components={{ reload: <Anchor component="button" type="button" fz="inherit" fw={700} c="blue.9" underline="always" onClick={applyUpdate} /> }}
            />
          </Text>
        </Group>
      )}
    </Box>
  );
}
