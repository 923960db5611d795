import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/**
 * Under a list read page by page: how many of how many are shown, and a button for the next page
 * while there is one. `noun` names what is counted, already in the reader's language
 * ("requests", "अनुरोध").
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('common');
  if (total === 0) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mt="sm">
      <Text size="sm" c="dimmed" role="status">
        {t('loadMore.showing', { shown, total, noun })}
      </Text>
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loading}>
          {t('loadMore.button')}
        </Button>
      )}
    </Group>
  );
}
