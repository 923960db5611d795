import { Button, Group } from '@mantine/core';

/** Previous, numbered pages and Next; rendered only when there is more than one page. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <Group component="nav" aria-label="Pages" justify="center" gap="xs" mt="lg">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pages.map((number) => (
        <Button
          key={number}
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </Button>
      ))}
      <Button variant="default" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
