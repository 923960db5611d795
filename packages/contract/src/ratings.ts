import { z } from 'zod';
import { PageQueryShape } from './paging';

export const RATING_COMMENT_MAX = 500;

export const SubmitRatingInputSchema = z.object({
  donationRequestId: z.coerce
    .number({ error: 'Choose the pickup to rate.' })
    .int('Choose the pickup to rate.')
    .positive('Choose the pickup to rate.')
    .max(2_147_483_647, 'Choose the pickup to rate.'),
  rating: z
    .number({ error: 'Please select a star rating.' })
    .int('Please select a star rating.')
    .min(1, 'Please select a star rating.')
    .max(5, 'Please select a star rating.'),
  comment: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string().trim().max(RATING_COMMENT_MAX, `A comment has at most ${RATING_COMMENT_MAX} characters.`),
  ),
});
export type SubmitRatingInput = z.input<typeof SubmitRatingInputSchema>;

export const RatingMessages = {
  notCompleted: 'Only a completed pickup can be rated.',
  alreadyRated: 'You have already rated this pickup.',
} as const;

export const RatingSchema = z.object({
  id: z.number().int(),
  donationRequestId: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  foodName: z.string(),
  /** The other party: who was rated (given) or who rated (received). */
  otherPartyName: z.string(),
  createdAt: z.string(),
});
export type Rating = z.infer<typeof RatingSchema>;
export const RatingListSchema = z.array(RatingSchema);

/** My ratings, paged; `donationRequestId` narrows to the one rating of that pickup (a rating panel asks that). */
export const RatingsQuerySchema = z.object({
  ...PageQueryShape,
  donationRequestId: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z
      .number({ error: 'The pickup is a whole number.' })
      .int('The pickup is a whole number.')
      .positive('The pickup is a whole number.')
      .max(2_147_483_647, 'The pickup is a whole number.')
      .optional(),
  ),
});
export type RatingsQuery = z.output<typeof RatingsQuerySchema>;
