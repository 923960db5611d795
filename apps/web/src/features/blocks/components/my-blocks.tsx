import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBlocks, useUnblockUser } from '../api/blocks-api';

/** The profile's list of people I blocked, each with Unblock (issue 16). */
export function MyBlocks() {
  const { t } = useTranslation('blocks');
  const format = useFormat();
  const blocks = useBlocks();
  const unblock = useUnblockUser();

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="my-blocks-title">
      <Title order={2} size="h3" id="my-blocks-title" mb="xs">
        {t('list.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('list.intro')}
      </Text>
      {blocks.isPending ? (
        <Text role="status">{t('list.loading')}</Text>
      ) : blocks.isError ? (
        <Text role="alert" c="red.8">
          {t('list.loadFailed')}
        </Text>
      ) : blocks.data.length === 0 ? (
        <Text>{t('list.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {blocks.data.map((entry) => (
            <Group key={entry.userId} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Text>
                <span translate="no">{entry.fullName}</span>{' '}
                <Text span size="sm" c="dimmed">
                  {t('list.blockedOn', { date: format.date(entry.blockedAt) })}
                </Text>
              </Text>
              <Button
                variant="light"
                size="xs"
                aria-label={t('unblockLabel', { name: entry.fullName })}
                loading={unblock.isPending && unblock.variables === entry.userId}
                onClick={async () => {
                  try {
                    await unblock.mutateAsync(entry.userId);
                    notifySuccess(t('unblocked', { name: entry.fullName }));
                  } catch (error) {
                    notifyError(t('unblockFailed', { reason: errorMessage(error) }));
                  }
                }}
              >
                {t('unblock')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
