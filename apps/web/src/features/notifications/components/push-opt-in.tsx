import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { type PushState, usePushNotifications } from '../hooks/use-push-notifications';

const STATUS_COLOR: Record<Exclude<PushState, 'checking'>, string> = { on: 'green.9', off: 'gray.8', blocked: 'red.9', unsupported: 'gray.8' };

/** The opt-in for phone notifications (Web Push): its state, and a button that asks only when pressed. */
export function PushOptIn() {
  const { t } = useTranslation('notifications');
  const push = usePushNotifications();
  const state = push.state === 'checking' ? null : push.state;
  const status = state ? { label: t(`push.${state}.label`), color: STATUS_COLOR[state], text: t(`push.${state}.text`) } : null;

  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-labelledby="push-opt-in-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="push-opt-in-title">
            {t('push.title')}
          </Title>
          {status ? (
            <Badge color={status.color} variant="filled" data-testid="push-status">
              {status.label}
            </Badge>
          ) : null}
        </Group>
        {status ? <Text>{status.text}</Text> : <Text c="dimmed">{t('push.checking')}</Text>}
        {push.error ? (
          <Alert color="red" role="alert">
            {t(`push.${push.error}`)}
          </Alert>
        ) : null}
        {push.state === 'off' ? (
          <Group>
            <Button onClick={() => void push.turnOn()} loading={push.busy}>
              {t('push.turnOn')}
            </Button>
          </Group>
        ) : null}
        {push.state === 'on' ? (
          <Group>
            <Button variant="default" onClick={() => void push.turnOff()} loading={push.busy}>
              {t('push.turnOff')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
