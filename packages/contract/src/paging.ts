import { TEXT_LABELS, type TextLabel, tooLongMessage } from './common';
import { msg } from './coded-message';
import { z } from 'zod';

import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './page-size';

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX };

const pageMessage = msg('PAGE_INVALID');
const pageSizeMessage = msg('PAGE_SIZE_INVALID', { max: PAGE_SIZE_MAX });

/** Query strings arrive as text; an empty value means "not given". */
const fromQuery = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

/** `page` and `pageSize` of a paged list; the total travels in the X-Total-Count header. */
export const PageQueryShape = {
  page: z
    .preprocess(fromQuery, z.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(100_000, msg('PAGE_TOO_LARGE')).optional())
    .default(1),
  pageSize: z
    .preprocess(fromQuery, z.number({ error: pageSizeMessage }).int(pageSizeMessage).min(1, pageSizeMessage).max(PAGE_SIZE_MAX, pageSizeMessage).optional())
    .default(PAGE_SIZE_DEFAULT),
};

/**
 * A list that is paged and nothing else: `?page=&pageSize=` (20 by default, at most 100). A client
 * that sends neither gets the first page in the list's old shape (a bare array); the total is in
 * X-Total-Count, so `page * pageSize < total` says whether another page follows.
 */
export const PageQuerySchema = z.object(PageQueryShape);
export type PageQuery = z.output<typeof PageQuerySchema>;

/** Optional text in a query string: trimmed, bounded, empty means not given. */
export function optionalQueryText(label: TextLabel, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: msg('TEXT_EXPECTED', { label: TEXT_LABELS[label] }) })
      .trim()
      .max(max, tooLongMessage(label, max))
      .optional(),
  );
}

/** `?flag=true|false` in a query string. */
export function queryBoolean(label: string) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['true', 'false'], { error: msg('TRUE_OR_FALSE', { label }) })
      .transform((value) => value === 'true')
      .optional(),
  );
}
