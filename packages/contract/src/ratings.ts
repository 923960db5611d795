import { msg } from './coded-message';
import { z } from 'zod';
import { PageQueryShape } from './paging';

export const RATING_COMMENT_MAX = 500;

export const SubmitRatingInputSchema = z.object({
  donationRequestId: z.coerce
    .number({ error: msg('RATING_PICKUP_CHOOSE') })
    .int(msg('RATING_PICKUP_CHOOSE'))
    .positive(msg('RATING_PICKUP_CHOOSE'))
    .max(2_147_483_647, msg('RATING_PICKUP_CHOOSE')),
  rating: z
    .number({ error: msg('RATING_STARS_NEEDED') })
    .int(msg('RATING_STARS_NEEDED'))
    .min(1, msg('RATING_STARS_NEEDED'))
    .max(5, msg('RATING_STARS_NEEDED')),
  comment: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string()
      .trim()
      .max(RATING_COMMENT_MAX, msg('RATING_COMMENT_TOO_LONG', { max: RATING_COMMENT_MAX })),
  ),
});
export type SubmitRatingInput = z.input<typeof SubmitRatingInputSchema>;

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
      .number({ error: msg('RATING_PICKUP_INVALID') })
      .int(msg('RATING_PICKUP_INVALID'))
      .positive(msg('RATING_PICKUP_INVALID'))
      .max(2_147_483_647, msg('RATING_PICKUP_INVALID'))
      .optional(),
  ),
});
export type RatingsQuery = z.output<typeof RatingsQuerySchema>;
