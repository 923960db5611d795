import { Button, Group, Text } from '@mantine/core';

/**
 * Under a list read page by page: how many of how many are shown, and a button for the next page
 * while there is one. `noun` names what is counted ("requests", "donations").
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
  if (total === 0) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mt="sm">
      <Text size="sm" c="dimmed" role="status">
        Showing {shown} of {total} {noun}
      </Text>
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loading}>
          Load more
        </Button>
      )}
    </Group>
  );
}
