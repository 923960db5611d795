import { RADIUS_KM_CHOICES } from '@annadaan/contract/distance';
import { PinCodeMessages } from '@annadaan/contract/geo';
import { Anchor, Button, Group, Menu, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBell, IconChevronDown, IconCurrentLocation } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { formatRadius } from '../lib/format';
import { type RadiusKm, isPinCode } from '../lib/near-me';
import { alertName } from '../lib/saved-alerts';
import type { NearMe } from '../lib/use-near-me';

interface Props {
  nearMe: NearMe;
  /** What the list holds, for the sentence under the controls: "food", "food needs". */
  noun: string;
}

/**
 * "Near me" (issue 15): the browser's position, a typed pin code or (for a receiver who keeps
 * food alerts) one of their saved alerts, and a radius. The choice lives in the URL
 * (lib/near-me), so this only reads and writes it through `nearMe`.
 */
/** The radius choices, with a saved alert's own radius among them when it is not one. */
function radiusChoices(current: RadiusKm): number[] {
  const choices: number[] = [...RADIUS_KM_CHOICES];
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

export function NearMeControl({ nearMe, noun }: Props) {
  const headingId = useId();
  const urlPin = nearMe.near?.kind === 'pin' ? nearMe.near.pin : '';
  // The typed pin follows the URL (back button, a shared link) until the person edits it.
  const [typed, setTyped] = useState<{ from: string; value: string }>({ from: urlPin, value: urlPin });
  const pin = typed.from === urlPin ? typed.value : urlPin;
  const [pinError, setPinError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = pin.trim();
    if (!isPinCode(value)) {
      setPinError(PinCodeMessages.malformed);
      return;
    }
    setPinError(null);
    nearMe.choosePin(value);
  };

  const { status } = nearMe;
  const radius = formatRadius(nearMe.radiusKm);
  let summary: string;
  switch (status.kind) {
    case 'none':
      summary =
        nearMe.savedAlerts.length > 0
          ? 'Use your location, a pin code or one of your food alerts to see how far each item is and keep to a radius.'
          : 'Use your location or a pin code to see how far each item is and keep to a radius.';
      break;
    case 'resolving':
      summary =
        nearMe.near?.kind === 'pin' ? `Finding pin code ${nearMe.near.pin}...` : nearMe.near?.kind === 'alert' ? 'Finding your food alert...' : 'Finding your location...';
      break;
    case 'needs-position':
      summary = `This view shows ${noun} near the person who opens it: choose "Use my location" or type a pin code.`;
      break;
    case 'ready':
      summary = `Showing ${noun} within ${radius} of ${status.label}.`;
      break;
    case 'failed':
      summary = status.message;
      break;
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          Near me
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
            onClick={nearMe.locateMe}
            loading={nearMe.locating}
          >
            Use my location
          </Button>
          <form onSubmit={submit} noValidate aria-label="Near a pin code">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label="Pin code"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                w={110}
                value={pin}
                error={pinError}
                onChange={(event) => {
                  setTyped({ from: urlPin, value: event.currentTarget.value });
                  setPinError(null);
                }}
              />
              {/* The label row's height, so the button lines up with the box rather than its label. */}
              <Button type="submit" variant="outline" mt={25}>
                Show nearby
              </Button>
            </Group>
          </form>
          {nearMe.savedAlerts.length > 0 ? (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="light" leftSection={<IconBell size={18} aria-hidden="true" />} rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
                  Use a food alert
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {nearMe.savedAlerts.map((alert) => (
                  <Menu.Item key={alert.id} onClick={() => nearMe.chooseAlert(alert)}>
                    {alertName(alert)} ({formatRadius(alert.radiusKm)})
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
          <NativeSelect
            label="Within"
            w={100}
            value={String(nearMe.radiusKm)}
            data={radiusChoices(nearMe.radiusKm).map((km) => ({ value: String(km), label: formatRadius(km) }))}
            onChange={(event) => nearMe.chooseRadius(Number(event.currentTarget.value) as RadiusKm)}
          />
        </Group>
        <Text size="sm" role="status" c={status.kind === 'failed' ? 'red.8' : undefined}>
          {summary}{' '}
          {nearMe.near !== null ? (
            <Anchor component="button" type="button" size="sm" onClick={nearMe.clear}>
              Show everywhere
            </Anchor>
          ) : null}
        </Text>
      </Stack>
    </Paper>
  );
}
