import { RATING_COMMENT_MAX, SubmitRatingInputSchema } from '@annadaan/contract/ratings';
import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGivenRating, useSubmitRating } from '../api/ratings-api';

/**
 * Rate the other side of a completed request, once. After that, or when the server says this
 * pickup was rated before, the stars are read-only (spec section 4).
 */
export function RatingPanel({ requestId, otherName }: { requestId: number; otherName: string }) {
  const { t } = useTranslation('ratings');
  const given = useGivenRating(requestId);
  const submit = useSubmitRating();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const existing = given.data ?? null;

  if (given.isPending) return <Text size="sm">{t('loading')}</Text>;

  if (existing) {
    return (
      <Group gap="xs">
        <Text size="sm">{t('yours', { name: otherName })}</Text>
        <Rating value={existing.rating} readOnly role="img" aria-label={t('rated', { rating: existing.rating })} />
      </Group>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubmitRatingInputSchema.safeParse({ donationRequestId: requestId, rating, comment });
    if (!parsed.success) {
      // No star chosen (the comment's length is held by the field itself): the spec's 'Please select a star rating.'
      notifyError(t('selectStar'));
      return;
    }
    // mutateAsync: once rated, the refetch swaps this form for read-only stars before mutate's callbacks run.
    submit.mutateAsync(parsed.data).then(
      () => notifySuccess(t('submitted')),
      () => notifyError(t('failed')),
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('rate', { name: otherName })}>
      <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" fw={600} id={`rating-label-${requestId}`}>
          {t('rate', { name: otherName })}
        </Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          role="radiogroup"
          aria-labelledby={`rating-label-${requestId}`}
          getSymbolLabel={(value) => t('star', { count: value })}
        />
        <Textarea
          label={t('comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={RATING_COMMENT_MAX}
          autosize
          minRows={2}
        />
        <Group>
          <Button type="submit" size="sm" loading={submit.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
