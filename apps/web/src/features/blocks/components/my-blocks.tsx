import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBlocks, useUnblockUser } from '../api/blocks-api';

/** The profile's list of people I blocked, each with Unblock (issue 16). */
export function MyBlocks() {
  const blocks = useBlocks();
  const unblock = useUnblockUser();

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="my-blocks-title">
      <Title order={2} size="h3" id="my-blocks-title" mb="xs">
        Blocked people
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        You and the people you block do not see each other’s listings, and they cannot request your food.
      </Text>
      {blocks.isPending ? (
        <Text role="status">Loading...</Text>
      ) : blocks.isError ? (
        <Text role="alert" c="red.8">
          Could not load the people you blocked. Please try again.
        </Text>
      ) : blocks.data.length === 0 ? (
        <Text>You have not blocked anyone.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {blocks.data.map((entry) => (
            <Group key={entry.userId} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Text>
                {entry.fullName}{' '}
                <Text span size="sm" c="dimmed">
                  blocked {formatLongDate(entry.blockedAt)}
                </Text>
              </Text>
              <Button
                variant="light"
                size="xs"
                aria-label={`Unblock ${entry.fullName}`}
                loading={unblock.isPending && unblock.variables === entry.userId}
                onClick={async () => {
                  try {
                    await unblock.mutateAsync(entry.userId);
                    notifySuccess(`${entry.fullName} is unblocked.`);
                  } catch (error) {
                    notifyError(`Could not unblock: ${errorMessage(error)}`);
                  }
                }}
              >
                Unblock
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
