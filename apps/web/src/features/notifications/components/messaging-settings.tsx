import {
  ConfirmPhoneInputSchema,
  KIND_GROUPS,
  type KindGroup,
  MESSAGING_CHANNELS,
  type MessagingChannel,
  type MessagingSettings,
} from '@annadaan/contract/messaging';
import { Alert, Anchor, Button, Fieldset, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';
import { errorText } from '../../../lib/error-message';
import { type FormErrors, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmPhoneCode, useMessaging, useSaveConsent, useSendPhoneCode } from '../api/messaging-api';
import { MESSAGING_SECTION_ID } from './messaging-section';

/** Verifying the phone by a 6-digit code sent by SMS (issue 31): nothing else goes to an unverified number. */
export function PhoneVerification({ settings }: { settings: MessagingSettings }) {
  const { t } = useTranslation('notifications');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const ending = settings.phone.slice(-4);

  if (settings.verified) {
    return (
      <Text size="sm" role="status">
        {t('messaging.verified', { ending })}
      </Text>
    );
  }

  const askForCode = () => {
    setFormError(null);
    send.mutate(undefined, {
      onSuccess: () => {
        setSent(true);
        notifySuccess(t('messaging.codeSent', { ending }));
      },
      // The server's own words (a wait after too many codes, an SMS that could not go), in the reader's language.
      onError: (error) => setFormError(errorText(error) || t('messaging.sendFailed')),
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { code };
    const local = zodFormErrors(ConfirmPhoneInputSchema, input);
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    confirm.mutate(input, {
      onSuccess: () => notifySuccess(t('messaging.verifiedNow')),
      onError: (error) => {
        const failure = submitFailure(error, ['code'], t('messaging.verifyFailed'));
        setErrors(failure.fieldErrors);
        setFormError(failure.formError);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('messaging.notVerified', { ending })}</Text>
      <Group>
        <Button variant={sent ? 'outline' : 'filled'} onClick={askForCode} loading={send.isPending}>
          {sent ? t('messaging.sendAgain') : t('messaging.sendCode')}
        </Button>
      </Group>
      {sent ? (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={t('messaging.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={errors.code}
              w={160}
            />
            <Button type="submit" loading={confirm.isPending}>
              {t('messaging.verify')}
            </Button>
          </Group>
        </form>
      ) : null}
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
    </Stack>
  );
}

function ConsentSwitches({ settings }: { settings: MessagingSettings }) {
  const { t } = useTranslation('notifications');
  const save = useSaveConsent();
  const [formError, setFormError] = useState<string | null>(null);
  const toggle = (channel: MessagingChannel, group: KindGroup, on: boolean) => {
    setFormError(null);
    save.mutate({ [channel]: { [group]: on } }, { onError: (error) => setFormError(errorText(error) || t('messaging.saveFailed')) });
  };
  return (
    <Stack gap="md">
      {MESSAGING_CHANNELS.map((channel) => (
        <Fieldset key={channel} legend={t(`messaging.channel.${channel}`)} variant="unstyled" data-testid={`messaging-${channel}`}>
          {!settings.available[channel] ? (
            <Text size="sm" c="dimmed" mb="xs">
              {t('messaging.unavailable')}
            </Text>
          ) : null}
          <Stack gap="xs">
            {KIND_GROUPS.map((group) => (
              <Switch
                key={group}
                label={t(`messaging.group.${group}.label`, { channel: t(`messaging.channel.${channel}`) })}
                description={t(`messaging.group.${group}.description`)}
                checked={settings.consent[channel][group].on}
                disabled={!settings.verified || save.isPending}
                onChange={(event) => toggle(channel, group, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The notification settings' WhatsApp and SMS section: the phone's verification, then consent per channel and group. */
export function MessagingSettingsPanel() {
  const { t } = useTranslation('notifications');
  const messaging = useMessaging();
  return (
    <Paper withBorder p="md" radius="md" id={MESSAGING_SECTION_ID}>
      <Title order={2} size="h3" mb="xs">
        {t('messaging.title')}
      </Title>
      <Text size="sm" mb="md">
        {t('messaging.text')}
      </Text>
      {messaging.isPending ? (
        <Loader aria-label={t('messaging.loading')} />
      ) : messaging.isError ? (
        <Alert color="red">{t('messaging.loadFailed')}</Alert>
      ) : (
        <Stack gap="lg">
          <PhoneVerification settings={messaging.data} />
          <ConsentSwitches settings={messaging.data} />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The profile's "SMS alerts activation" indicator (spec), telling the truth: green only when the
 * number is verified and SMS is on, with the way to change it.
 */
export function SmsAlertsStatus() {
  const { t } = useTranslation('notifications');
  const messaging = useMessaging();
  const on = messaging.data?.verified === true && messaging.data.consent.sms.handover.on;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <span
          aria-hidden="true"
          data-testid="sms-alerts-dot"
          style={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            background: on ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)',
            display: 'inline-block',
          }}
        />
        <Text fw={600}>{t('messaging.smsAlerts')}</Text>
        <Text size="sm">{messaging.isPending ? '' : on ? t('messaging.smsOn') : t('messaging.smsOff')}</Text>
      </Group>
      <Anchor component={Link} to={`${paths.notificationSettings}#${MESSAGING_SECTION_ID}`} size="sm">
        {on ? t('messaging.change') : t('messaging.turnOn')}
      </Anchor>
    </Stack>
  );
}
