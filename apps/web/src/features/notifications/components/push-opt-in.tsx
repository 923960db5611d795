import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type PushState, usePushNotifications } from '../hooks/use-push-notifications';

const STATUS: Record<Exclude<PushState, 'checking'>, { label: string; color: string; text: string }> = {
  on: { label: 'On', color: 'green.9', text: 'This browser shows your notifications even when Annadaan is closed.' },
  off: {
    label: 'Off',
    color: 'gray.8',
    text: 'Get told on this phone or computer when someone asks for your food or answers your request, even when Annadaan is closed.',
  },
  blocked: {
    label: 'Blocked by the browser',
    color: 'red.9',
    text: 'Notifications for this site are blocked in your browser settings. Allow them there, then come back to turn them on.',
  },
  unsupported: {
    label: 'Not supported',
    color: 'gray.8',
    text: 'This browser cannot show notifications while Annadaan is closed. On an iPhone, add Annadaan to the home screen first.',
  },
};

/** The opt-in for phone notifications (Web Push): its state, and a button that asks only when pressed. */
export function PushOptIn() {
  const push = usePushNotifications();
  const status = push.state === 'checking' ? null : STATUS[push.state];

  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-labelledby="push-opt-in-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="push-opt-in-title">
            Phone notifications
          </Title>
          {status ? (
            <Badge color={status.color} variant="filled" data-testid="push-status">
              {status.label}
            </Badge>
          ) : null}
        </Group>
        {status ? <Text>{status.text}</Text> : <Text c="dimmed">Checking this browser…</Text>}
        {push.error ? (
          <Alert color="red" role="alert">
            {push.error}
          </Alert>
        ) : null}
        {push.state === 'off' ? (
          <Group>
            <Button onClick={() => void push.turnOn()} loading={push.busy}>
              Turn on phone notifications
            </Button>
          </Group>
        ) : null}
        {push.state === 'on' ? (
          <Group>
            <Button variant="default" onClick={() => void push.turnOff()} loading={push.busy}>
              Turn off phone notifications
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
