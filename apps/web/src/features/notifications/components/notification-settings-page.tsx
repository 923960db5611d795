import {
  ALWAYS_EMAILED_KINDS,
  type ChannelChoice,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  type QuietHours,
  UpdateNotificationPreferencesInputSchema,
} from '@annadaan/contract/notification-preferences';
import type { NotificationKind } from '@annadaan/contract/notifications';
import { Alert, Anchor, Button, Container, Fieldset, Group, Loader, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { type FormErrors, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { usePreferences, useSavePreferences } from '../api/preferences-api';
import { MessagingSettingsPanel } from './messaging-settings';

/** Every IANA zone the browser knows, with the saved one kept even if this browser lacks it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function KindChoices({
  kind,
  choice,
  errors,
  onChange,
}: {
  kind: NotificationKind;
  choice: ChannelChoice;
  errors: FormErrors;
  onChange: (choice: ChannelChoice) => void;
}) {
  const { t } = useTranslation('notifications');
  const label = t(`kinds.${kind}.label`);
  const description = t(`kinds.${kind}.description`);
  const emailLocked = ALWAYS_EMAILED_KINDS.includes(kind);
  return (
    <Fieldset legend={label} variant="unstyled" data-testid={`kind-${kind}`}>
      <Text size="sm" c="dimmed" mb="xs">
        {description}
      </Text>
      <Group gap="xl" wrap="wrap">
        <Switch
          label={t('settings.push')}
          checked={choice.push}
          onChange={(event) => onChange({ ...choice, push: event.currentTarget.checked })}
          error={errors[`kinds.${kind}.push`]}
        />
        <Switch
          label={t('settings.email')}
          checked={emailLocked || choice.email}
          disabled={emailLocked}
          description={emailLocked ? t('settings.emailLocked') : undefined}
          onChange={(event) => onChange({ ...choice, email: event.currentTarget.checked })}
          error={errors[`kinds.${kind}.email`]}
        />
      </Group>
    </Fieldset>
  );
}

function SettingsForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const [kinds, setKinds] = useState(saved.kinds);
  const [quietHours, setQuietHours] = useState<QuietHours>(saved.quietHours);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePreferences();
  const zones = useMemo(() => timeZones(quietHours.timeZone), [quietHours.timeZone]);
  const fields = [
    'quietHours.enabled',
    'quietHours.start',
    'quietHours.end',
    'quietHours.timeZone',
    ...NOTIFICATION_KINDS.flatMap((kind) => [`kinds.${kind}.push`, `kinds.${kind}.email`]),
  ];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { kinds, quietHours };
    const local = zodFormErrors(UpdateNotificationPreferencesInputSchema, input);
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    save.mutate(input, {
      onSuccess: () => notifySuccess(t('settings.saved')),
      onError: (error) => {
        const failure = submitFailure(error, fields, t('settings.saveFailed'));
        setErrors(failure.fieldErrors);
        setFormError(failure.formError);
      },
    });
  };

  const setQuiet = (change: Partial<QuietHours>) => setQuietHours((current) => ({ ...current, ...change }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h3" mb="xs">
            {t('settings.whatTitle')}
          </Title>
          <Text size="sm" mb="md">
            {t('settings.whatText')}
          </Text>
          <Stack gap="lg">
            {NOTIFICATION_KINDS.map((kind) => (
              <KindChoices
                key={kind}
                kind={kind}
                choice={kinds[kind]}
                errors={errors}
                onChange={(choice) => setKinds((current) => ({ ...current, [kind]: choice }))}
              />
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Fieldset legend={t('settings.quietTitle')} variant="unstyled">
            <Text size="sm" mb="sm">
              {t('settings.quietText')}
            </Text>
            <Stack gap="sm">
              <Switch
                label={t('settings.useQuiet')}
                checked={quietHours.enabled}
                onChange={(event) => setQuiet({ enabled: event.currentTarget.checked })}
                error={errors['quietHours.enabled']}
              />
              <Group gap="md" wrap="wrap" align="flex-start">
                <TextInput
                  type="time"
                  label={t('settings.from')}
                  value={quietHours.start}
                  disabled={!quietHours.enabled}
                  onChange={(event) => setQuiet({ start: event.currentTarget.value })}
                  error={errors['quietHours.start']}
                  w={140}
                />
                <TextInput
                  type="time"
                  label={t('settings.until')}
                  value={quietHours.end}
                  disabled={!quietHours.enabled}
                  onChange={(event) => setQuiet({ end: event.currentTarget.value })}
                  error={errors['quietHours.end']}
                  w={140}
                />
              </Group>
              <NativeSelect
                label={t('settings.timeZone')}
                // Zone names are IANA codes (Asia/Kolkata), the same in every language.
                translate="no"
                data={zones}
                value={quietHours.timeZone}
                disabled={!quietHours.enabled}
                onChange={(event) => setQuiet({ timeZone: event.currentTarget.value })}
                error={errors['quietHours.timeZone']}
                maw={320}
              />
            </Stack>
          </Fieldset>
        </Paper>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Notification settings (issue 14): push and email per kind, and quiet hours. */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        {t('settings.title')}
      </Title>
      <Anchor component={Link} to={paths.notifications} mb="lg" display="inline-block">
        {t('settings.back')}
      </Anchor>
      {preferences.isPending ? (
        <Loader aria-label={t('settings.loading')} />
      ) : preferences.isError ? (
        <Alert color="red">{t('settings.loadFailed')}</Alert>
      ) : (
        <Stack gap="lg">
          <SettingsForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
          <MessagingSettingsPanel />
        </Stack>
      )}
    </Container>
  );
}
