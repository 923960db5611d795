import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBlockUser, useBlocks, useUnblockUser } from '../api/blocks-api';

/**
 * Block (or unblock) a person (issue 16). Asks once more, saying what a block does; the
 * profile page lists every block to undo.
 */
export function BlockButton({ userId, userName, size = 'sm' }: { userId: number; userName: string; size?: 'xs' | 'sm' }) {
  const [asking, setAsking] = useState(false);
  const blocks = useBlocks();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const blocked = blocks.data?.some((entry) => entry.userId === userId) ?? false;

  if (blocked) {
    return (
      <Button
        variant="subtle"
        size={size}
        loading={unblock.isPending}
        aria-label={`Unblock ${userName}`}
        onClick={async () => {
          try {
            await unblock.mutateAsync(userId);
            notifySuccess(`${userName} is unblocked.`);
          } catch (error) {
            notifyError(`Could not unblock: ${errorMessage(error)}`);
          }
        }}
      >
        Unblock
      </Button>
    );
  }
  if (!asking) {
    return (
      <Button variant="subtle" color="gray" size={size} onClick={() => setAsking(true)} aria-label={`Block ${userName}`}>
        Block
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={`Block ${userName}?`}>
      <Text size="sm">Block {userName}? Neither of you will see the other’s listings, and you cannot ask each other for food.</Text>
      <Button
        size={size}
        color="red"
        loading={block.isPending}
        onClick={async () => {
          try {
            await block.mutateAsync(userId);
            setAsking(false);
            notifySuccess(`${userName} is blocked. You can undo it on your profile.`);
          } catch (error) {
            notifyError(`Could not block: ${errorMessage(error)}`);
          }
        }}
      >
        Yes, block
      </Button>
      <Button size={size} variant="default" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </Group>
  );
}
