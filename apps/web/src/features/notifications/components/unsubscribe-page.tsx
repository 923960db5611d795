import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { useConfirmUnsubscribe, useUnsubscribeLink } from '../api/preferences-api';

const INVALID = 'This unsubscribe link is not valid. Change your emails in Notification settings instead.';

/**
 * Where an email's unsubscribe link leads. Opening it changes nothing (mail scanners open links);
 * the button does. No sign-in: the link's token allows this one change and nothing else.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const confirm = useConfirmUnsubscribe();
  const done = confirm.data;

  return (
    <Container size="xs" py="xl" px="md">
      <Title order={1} mb="lg">
        Unsubscribe
      </Title>
      <Paper withBorder p="md" radius="md">
        {token === '' || link.isError ? (
          <Alert color="red" role="alert">
            {link.error instanceof ApiError && link.error.status === 400 ? link.error.message : token === '' ? INVALID : 'Could not check this link. Please try again.'}
          </Alert>
        ) : link.isPending ? (
          <Loader aria-label="Checking the link" />
        ) : done ? (
          <Stack gap="sm">
            <Text role="status">You will no longer get emails about “{done.label}”. You still see them under the bell in the app.</Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>
              Stop emails about <strong>“{link.data.label}”</strong>?
            </Text>
            {link.data.email ? null : <Text size="sm">Email for this is already off.</Text>}
            {confirm.isError ? (
              <Alert color="red" role="alert">
                {confirm.error instanceof ApiError && confirm.error.status === 400 ? confirm.error.message : 'Could not unsubscribe. Please try again.'}
              </Alert>
            ) : null}
            <div>
              <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
                Unsubscribe
              </Button>
            </div>
          </Stack>
        )}
        <Text size="sm" mt="md">
          Signed in? <Anchor component={Link} to={paths.notificationSettings}>All notification settings</Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
