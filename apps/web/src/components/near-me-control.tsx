import { RADIUS_KM_CHOICES } from '@annadaan/contract/distance';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { type FormEvent, Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { codeText } from '../lib/error-message';
import { type RadiusKm, isPinCode } from '../lib/near-me';
import type { NearMe } from '../lib/use-near-me';

/** Only receivers with saved alerts see this menu; the others never load it (issue 18). */
const SavedAlertMenu = lazy(() => import('./saved-alert-menu'));

interface Props {
  nearMe: NearMe;
  /** What the list holds, for the sentence under the controls, in the reader's language: "food", "food needs". */
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

// The catalog's English for PIN_CODE_INVALID (message-codes.ts), written out: importing the whole
// catalog would add about 5 kB to the Browse screen's first load.
const PIN_CODE_INVALID = 'A pin code is 6 digits and does not start with 0.';

export function NearMeControl({ nearMe, noun }: Props) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const urlPin = nearMe.near?.kind === 'pin' ? nearMe.near.pin : '';
  // The typed pin follows the URL (back button, a shared link) until the person edits it.
  const [typed, setTyped] = useState<{ from: string; value: string }>({ from: urlPin, value: urlPin });
  const pin = typed.from === urlPin ? typed.value : urlPin;
  const [pinMalformed, setPinMalformed] = useState(false);
  const radiusText = (km: number) => t('radius', { km });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = pin.trim();
    if (!isPinCode(value)) {
      setPinMalformed(true);
      return;
    }
    setPinMalformed(false);
    nearMe.choosePin(value);
  };

  const { status } = nearMe;
  const radius = radiusText(nearMe.radiusKm);
  let summary: string;
  switch (status.kind) {
    case 'none':
      summary = nearMe.savedAlerts.length > 0 ? t('nearMe.hintWithAlerts') : t('nearMe.hint');
      break;
    case 'resolving':
      summary =
        nearMe.near?.kind === 'pin'
          ? t('nearMe.findingPin', { pin: nearMe.near.pin })
          : nearMe.near?.kind === 'alert'
            ? t('nearMe.findingAlert')
            : t('nearMe.findingLocation');
      break;
    case 'needs-position':
      summary = t('nearMe.needsPosition', { noun });
      break;
    case 'ready':
      // The own area (Browse, signed in) orders by distance without keeping to a radius.
      summary = nearMe.atHome ? t('nearMe.showingHome', { noun, place: status.label }) : t('nearMe.showing', { noun, radius, place: status.label });
      break;
    case 'failed':
      summary = status.message;
      break;
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          {t('nearMe.title')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Button variant="light" leftSection={<IconCurrentLocation size={18} aria-hidden="true" />} onClick={nearMe.locateMe} loading={nearMe.locating}>
            {t('nearMe.useMyLocation')}
          </Button>
          <form onSubmit={submit} noValidate aria-label={t('nearMe.pinForm')}>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label={t('nearMe.pinCode')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                w={110}
                value={pin}
                error={pinMalformed ? codeText('PIN_CODE_INVALID', PIN_CODE_INVALID) : null}
                onChange={(event) => {
                  setTyped({ from: urlPin, value: event.currentTarget.value });
                  setPinMalformed(false);
                }}
              />
              {/* The label row's height, so the button lines up with the box rather than its label. */}
              <Button type="submit" variant="outline" mt={25}>
                {t('nearMe.showNearby')}
              </Button>
            </Group>
          </form>
          {nearMe.savedAlerts.length > 0 ? (
            <Suspense fallback={null}>
              <SavedAlertMenu alerts={nearMe.savedAlerts} onChoose={nearMe.chooseAlert} />
            </Suspense>
          ) : null}
          <NativeSelect
            label={t('nearMe.within')}
            w={100}
            value={String(nearMe.radiusKm)}
            data={radiusChoices(nearMe.radiusKm).map((km) => ({ value: String(km), label: radiusText(km) }))}
            onChange={(event) => nearMe.chooseRadius(Number(event.currentTarget.value) as RadiusKm)}
          />
        </Group>
        <Text size="sm" role="status" c={status.kind === 'failed' ? 'red.8' : undefined}>
          {summary}{' '}
          {nearMe.near !== null ? (
            <Anchor component="button" type="button" size="sm" onClick={nearMe.clear}>
              {t('nearMe.showEverywhere')}
            </Anchor>
          ) : null}
        </Text>
      </Stack>
    </Paper>
  );
}
