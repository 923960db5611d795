import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBlockUser, useBlocks, useUnblockUser } from '../api/blocks-api';

/**
 * Block (or unblock) a person (issue 16). Asks once more, saying what a block does; the
 * profile page lists every block to undo.
 */
export function BlockButton({ userId, userName, size = 'sm' }: { userId: number; userName: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('blocks');
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
        aria-label={t('unblockLabel', { name: userName })}
        onClick={async () => {
          try {
            await unblock.mutateAsync(userId);
            notifySuccess(t('unblocked', { name: userName }));
          } catch (error) {
            notifyError(t('unblockFailed', { reason: errorMessage(error) }));
          }
        }}
      >
        {t('unblock')}
      </Button>
    );
  }
  if (!asking) {
    return (
      <Button variant="subtle" color="gray" size={size} onClick={() => setAsking(true)} aria-label={t('blockLabel', { name: userName })}>
        {t('block')}
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={t('askLabel', { name: userName })}>
      <Text size="sm">{t('ask', { name: userName })}</Text>
      <Button
        size={size}
        color="red"
        loading={block.isPending}
        onClick={async () => {
          try {
            await block.mutateAsync(userId);
            setAsking(false);
            notifySuccess(t('blocked', { name: userName }));
          } catch (error) {
            notifyError(t('blockFailed', { reason: errorMessage(error) }));
          }
        }}
      >
        {t('yes')}
      </Button>
      <Button size={size} variant="default" onClick={() => setAsking(false)}>
        {t('cancel')}
      </Button>
    </Group>
  );
}
