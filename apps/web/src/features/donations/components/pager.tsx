import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';

/** Previous, numbered pages and Next; rendered only when there is more than one page. */
export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('donations');
  const format = useFormat();
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <Group component="nav" aria-label={t('pager.pages')} justify="center" gap="xs" mt="lg">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      {pages.map((number, index) =>
        number === null ? (
          <span key={`gap-${index}`} aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={number}
            variant={number === page ? 'filled' : 'default'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={t('pager.page', { number: format.number(number) })}
            onClick={() => onPage(number)}
          >
            {format.number(number)}
          </Button>
        ),
      )}
      <Button variant="default" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </Group>
  );
}

/**
 * The first, the last and two either side of the current page, with gaps between: a phone row
 * holds about seven buttons, and a popular city can have dozens of pages.
 */
export function visiblePages(page: number, pageCount: number): Array<number | null> {
  const shown = new Set([1, pageCount]);
  for (let number = page - 2; number <= page + 2; number += 1) {
    if (number >= 1 && number <= pageCount) shown.add(number);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  sorted.forEach((number, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous > 1) result.push(null);
    result.push(number);
  });
  return result;
}
