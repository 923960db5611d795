import type { Alert } from '@annadaan/contract/alerts';
import { Button, Menu } from '@mantine/core';
import { IconBell, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { alertName } from '../lib/saved-alerts';

interface Props {
  alerts: readonly Alert[];
  onChoose: (alert: Alert) => void;
}

/**
 * "Use a food alert": a receiver's saved alerts as places for "Near me". Loaded by NearMeControl
 * only for someone who has alerts, so the lists' first screen does without the menu's popover.
 */
export default function SavedAlertMenu({ alerts, onChoose }: Props) {
  const { t } = useTranslation('common');
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconBell size={18} aria-hidden="true" />} rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
          {t('nearMe.useAlert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {alerts.map((alert) => (
          <Menu.Item key={alert.id} onClick={() => onChoose(alert)}>
            {alertName(alert, t)} ({t('radius', { km: alert.radiusKm })})
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
