import { RATING_COMMENT_MAX, SubmitRatingInputSchema } from '@annadaan/contract/ratings';
import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGivenRating, useSubmitRating } from '../api/ratings-api';

/**
 * Rate the other side of a completed request, once. After that, or when the server says this
 * pickup was rated before, the stars are read-only (spec section 4).
 */
export function RatingPanel({ requestId, otherName }: { requestId: number; otherName: string }) {
  const given = useGivenRating(requestId);
  const submit = useSubmitRating();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const existing = given.data ?? null;

  if (given.isPending) return <Text size="sm">Loading rating...</Text>;

  if (existing) {
    return (
      <Group gap="xs">
        <Text size="sm">Your rating for {otherName}:</Text>
        <Rating value={existing.rating} readOnly role="img" aria-label={`Rated ${existing.rating} out of 5`} />
      </Group>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubmitRatingInputSchema.safeParse({ donationRequestId: requestId, rating, comment });
    if (!parsed.success) {
      // No star chosen: the contract words it as the spec does, 'Please select a star rating.'
      notifyError(parsed.error.issues[0]?.message ?? 'Please select a star rating.');
      return;
    }
    // mutateAsync: once rated, the refetch swaps this form for read-only stars before mutate's callbacks run.
    submit.mutateAsync(parsed.data).then(
      () => notifySuccess('Rating submitted successfully!'),
      () => notifyError('Failed to submit rating.'),
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label={`Rate ${otherName}`}>
      <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" fw={600} id={`rating-label-${requestId}`}>
          Rate {otherName}
        </Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          role="radiogroup"
          aria-labelledby={`rating-label-${requestId}`}
          getSymbolLabel={(value) => `${value} star${value === 1 ? '' : 's'}`}
        />
        <Textarea
          label="Comment (optional)"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={RATING_COMMENT_MAX}
          autosize
          minRows={2}
        />
        <Group>
          <Button type="submit" size="sm" loading={submit.isPending}>
            Submit rating
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
