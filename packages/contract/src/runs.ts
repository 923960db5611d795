import { msg } from './coded-message';
import { z } from 'zod';
import { FoodTypeSchema } from './donations';
import { parseGeolocation } from './geolocation';
import { PageQueryShape } from './paging';
import { extractPinCode } from './pin-code';

/*
 * Volunteers and delivery runs (issue 32; docs/decisions/051-volunteers-and-runs.md). A receiver
 * who asks for delivery gets a run once the donor accepts; an approved volunteer claims it, the
 * donor enters the volunteer's handover code at the pickup, and the volunteer enters the
 * receiver's pickup code at the drop-off.
 */

export const VolunteerStatus = { APPLIED: 'APPLIED', APPROVED: 'APPROVED', REJECTED: 'REJECTED', SUSPENDED: 'SUSPENDED' } as const;
export type VolunteerStatus = (typeof VolunteerStatus)[keyof typeof VolunteerStatus];
export const VolunteerStatusSchema = z.enum([VolunteerStatus.APPLIED, VolunteerStatus.APPROVED, VolunteerStatus.REJECTED, VolunteerStatus.SUSPENDED]);

export const TravelMode = { ON_FOOT: 'ON_FOOT', CYCLE: 'CYCLE', TWO_WHEELER: 'TWO_WHEELER', CAR: 'CAR' } as const;
export type TravelMode = (typeof TravelMode)[keyof typeof TravelMode];
export const TRAVEL_MODES = [TravelMode.ON_FOOT, TravelMode.CYCLE, TravelMode.TWO_WHEELER, TravelMode.CAR] as const;
export const TravelModeSchema = z.enum(TRAVEL_MODES, { error: msg('TRAVEL_MODE_CHOOSE') });

/** The radius a volunteer may cover, in km. */
export const VOLUNTEER_RADIUS_KM = { min: 1, max: 50, default: 5 } as const;

/**
 * The food-safety walkthrough (from FSSAI's guidance for surplus food): each step ends with one
 * question, and every answer must be right. The words are in the web's volunteers catalog under
 * `walkthrough.<id>`; the answers are public (it teaches, it does not examine).
 */
export const WALKTHROUGH = [
  { id: 'hot', options: ['above60', 'warm', 'any'], answer: 'above60' },
  { id: 'time', options: ['4h', '8h', 'nextDay'], answer: '4h' },
  { id: 'cold', options: ['below5', 'below15', 'room'], answer: 'below5' },
  { id: 'separate', options: ['separateClosed', 'sameOpen', 'sameClosed'], answer: 'separateClosed' },
  { id: 'carrier', options: ['clean', 'any', 'plastic'], answer: 'clean' },
  { id: 'unsafe', options: ['dispose', 'giveQuickly', 'reheat'], answer: 'dispose' },
] as const;
export type WalkthroughStepId = (typeof WALKTHROUGH)[number]['id'];
/** Changes whenever WALKTHROUGH or its words change; each volunteer record keeps the one they completed. */
export const WALKTHROUGH_VERSION = '2026-12-08';
/** The volunteer terms' version (words in the web's volunteers catalog under `terms`). */
export const VOLUNTEER_TERMS_VERSION = '2026-12-08';
/** How many numbered volunteer terms there are (`terms.1` … in the catalog). */
export const VOLUNTEER_TERMS_COUNT = 5;

const answersShape = Object.fromEntries(WALKTHROUGH.map((step) => [step.id, z.string({ error: msg('WALKTHROUGH_ANSWER_NEEDED') })])) as Record<
  WalkthroughStepId,
  z.ZodString
>;

export const VolunteerApplicationSchema = z
  .object({
    answers: z.object(answersShape, { error: msg('WALKTHROUGH_ANSWER_NEEDED') }),
    termsVersion: z.string({ error: msg('VOLUNTEER_TERMS_ACCEPT') }),
    areaLabel: z
      .string({ error: msg('VOLUNTEER_AREA_NEEDED') })
      .trim()
      .min(1, msg('VOLUNTEER_AREA_NEEDED'))
      .max(120, msg('TOO_LONG', { max: 120 })),
    /** "lat,lng"; without it the area's pin code's centre is the point. */
    geolocation: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: msg('VOLUNTEER_POINT_NEEDED') })
        .refine((text) => parseGeolocation(text) !== null, msg('VOLUNTEER_POINT_NEEDED'))
        .optional(),
    ),
    radiusKm: z
      .number({ error: msg('VOLUNTEER_RADIUS_RANGE', { min: VOLUNTEER_RADIUS_KM.min, max: VOLUNTEER_RADIUS_KM.max }) })
      .int(msg('VOLUNTEER_RADIUS_RANGE', { min: VOLUNTEER_RADIUS_KM.min, max: VOLUNTEER_RADIUS_KM.max }))
      .min(VOLUNTEER_RADIUS_KM.min, msg('VOLUNTEER_RADIUS_RANGE', { min: VOLUNTEER_RADIUS_KM.min, max: VOLUNTEER_RADIUS_KM.max }))
      .max(VOLUNTEER_RADIUS_KM.max, msg('VOLUNTEER_RADIUS_RANGE', { min: VOLUNTEER_RADIUS_KM.min, max: VOLUNTEER_RADIUS_KM.max })),
    travelMode: TravelModeSchema,
  })
  .superRefine((input, ctx) => {
    for (const step of WALKTHROUGH) {
      if (input.answers[step.id] !== step.answer) ctx.addIssue({ code: 'custom', path: ['answers', step.id], message: msg('WALKTHROUGH_ANSWER_WRONG') });
    }
    if (input.termsVersion !== VOLUNTEER_TERMS_VERSION) ctx.addIssue({ code: 'custom', path: ['termsVersion'], message: msg('VOLUNTEER_TERMS_ACCEPT') });
    if (input.geolocation === undefined && extractPinCode(input.areaLabel) === null) {
      ctx.addIssue({ code: 'custom', path: ['geolocation'], message: msg('VOLUNTEER_POINT_NEEDED') });
    }
  });
export type VolunteerApplication = z.input<typeof VolunteerApplicationSchema>;

/** The person's own volunteer record. */
export const MyVolunteerSchema = z.object({
  status: VolunteerStatusSchema,
  areaLabel: z.string(),
  lat: z.number(),
  lng: z.number(),
  radiusKm: z.number().int(),
  travelMode: TravelModeSchema,
  walkthroughVersion: z.string(),
  termsVersion: z.string(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Runs delivered, and food carried, so far. */
  delivered: z.number().int(),
  noShows: z.number().int(),
});
export type MyVolunteer = z.infer<typeof MyVolunteerSchema>;
export const MyVolunteerResponseSchema = z.object({ volunteer: MyVolunteerSchema.nullable() });

/** An application in the admin's queue: the person, where and how they would carry, when. */
export const VolunteerApplicantSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  status: VolunteerStatusSchema,
  areaLabel: z.string(),
  radiusKm: z.number().int(),
  travelMode: TravelModeSchema,
  walkthroughVersion: z.string(),
  termsVersion: z.string(),
  appliedAt: z.string(),
  delivered: z.number().int(),
  noShows: z.number().int(),
});
export type VolunteerApplicant = z.infer<typeof VolunteerApplicantSchema>;
export const VolunteerApplicantListSchema = z.array(VolunteerApplicantSchema);
export const VolunteerQueueQuerySchema = z.object({
  ...PageQueryShape,
  status: z.preprocess((value) => (value === '' ? undefined : value), VolunteerStatusSchema.default(VolunteerStatus.APPLIED)),
});
export type VolunteerQueueQuery = z.output<typeof VolunteerQueueQuerySchema>;

export const VolunteerDecision = { APPROVE: 'APPROVE', REJECT: 'REJECT', SUSPEND: 'SUSPEND' } as const;
export type VolunteerDecision = (typeof VolunteerDecision)[keyof typeof VolunteerDecision];
export const VolunteerDecisionInputSchema = z.object({
  decision: z.enum([VolunteerDecision.APPROVE, VolunteerDecision.REJECT, VolunteerDecision.SUSPEND], { error: msg('VOLUNTEER_DECISION_CHOOSE') }),
  note: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string()
      .trim()
      .max(500, msg('TOO_LONG', { max: 500 })),
  ),
});
export type VolunteerDecisionInput = z.input<typeof VolunteerDecisionInputSchema>;

/** A coordinator of a verified organisation decides on a member's application: approve, or not. */
export const CoordinatorDecisionInputSchema = z.object({
  decision: z.enum([VolunteerDecision.APPROVE, VolunteerDecision.REJECT], { error: msg('VOLUNTEER_DECISION_CHOOSE') }),
  note: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string()
      .trim()
      .max(500, msg('TOO_LONG', { max: 500 })),
  ),
});
export type CoordinatorDecisionInput = z.input<typeof CoordinatorDecisionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Asking for delivery

export const DeliveryChoice = { COLLECT: 'COLLECT', DELIVER: 'DELIVER' } as const;
export type DeliveryChoice = (typeof DeliveryChoice)[keyof typeof DeliveryChoice];
export const DeliveryChoiceSchema = z.enum([DeliveryChoice.COLLECT, DeliveryChoice.DELIVER], { error: msg('DELIVERY_CHOICE_CHOOSE') });

/** The drop-off a receiver gives with "Please deliver": an address with its pin code and, if they have one, a point. */
export const DropoffSchema = z.object({
  address: z
    .string({ error: msg('DROPOFF_ADDRESS_NEEDED') })
    .trim()
    .min(1, msg('DROPOFF_ADDRESS_NEEDED'))
    .max(300, msg('TOO_LONG', { max: 300 }))
    .refine((address) => extractPinCode(address) !== null, msg('DROPOFF_PIN_CODE_NEEDED')),
  geolocation: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: msg('LOCATION_POINT_INVALID') })
      .refine((text) => parseGeolocation(text) !== null, msg('LOCATION_POINT_INVALID'))
      .optional(),
  ),
});
export type Dropoff = z.input<typeof DropoffSchema>;

// ---------------------------------------------------------------------------------------------
// Runs

export const RunStatus = {
  OPEN: 'OPEN',
  CLAIMED: 'CLAIMED',
  PICKED_UP: 'PICKED_UP',
  DELIVERED: 'DELIVERED',
  DISPOSED: 'DISPOSED',
  CANCELLED: 'CANCELLED',
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];
export const RunStatusSchema = z.enum([RunStatus.OPEN, RunStatus.CLAIMED, RunStatus.PICKED_UP, RunStatus.DELIVERED, RunStatus.DISPOSED, RunStatus.CANCELLED]);
/** A run someone is carrying or about to: the volunteer holds the exact addresses and numbers only now. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = [RunStatus.CLAIMED, RunStatus.PICKED_UP];

export const KeptAs = { HOT: 'HOT', COLD: 'COLD', AMBIENT: 'AMBIENT' } as const;
export type KeptAs = (typeof KeptAs)[keyof typeof KeptAs];
export const KeptAsSchema = z.enum([KeptAs.HOT, KeptAs.COLD, KeptAs.AMBIENT], { error: msg('KEPT_AS_CHOOSE') });

/** How long a volunteer has from claiming to pickup before the claim counts as a no-show (never past the food's expiry). */
export const RUN_PICKUP_WITHIN_MINUTES = 60;
/** Donor and receiver are told this long before the food expires when nobody has picked it up yet. */
export const RUN_FALLBACK_BEFORE_MINUTES = 60;

export const RunEventKind = {
  CREATED: 'CREATED',
  CLAIMED: 'CLAIMED',
  RELEASED: 'RELEASED',
  NO_SHOW: 'NO_SHOW',
  PICKED_UP: 'PICKED_UP',
  DELIVERED: 'DELIVERED',
  DISPOSED: 'DISPOSED',
  CANCELLED: 'CANCELLED',
  FALLBACK: 'FALLBACK',
} as const;
export type RunEventKind = (typeof RunEventKind)[keyof typeof RunEventKind];
export const RunEventKindSchema = z.enum(Object.values(RunEventKind) as [RunEventKind, ...RunEventKind[]]);

export const RunEventSchema = z.object({
  kind: RunEventKindSchema,
  at: z.string(),
  kept: KeptAsSchema.nullable(),
  temperatureC: z.number().nullable(),
  reason: z.string().nullable(),
});
export type RunEvent = z.infer<typeof RunEventSchema>;

/**
 * One run, as the viewer may see it. Before a volunteer claims it, everyone sees areas, grid-cell
 * points and distances; the claiming volunteer sees the exact addresses, points and both numbers
 * while the run is theirs and active, never after; donor and receiver see who carries it.
 */
export const RunSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  donationId: z.number().int(),
  status: RunStatusSchema,
  foodName: z.string(),
  foodType: FoodTypeSchema,
  quantity: z.string(),
  pickupArea: z.string(),
  dropoffArea: z.string(),
  pickupCell: z.object({ lat: z.number(), lng: z.number() }),
  dropoffCell: z.object({ lat: z.number(), lng: z.number() }),
  /** Between the two cells' centres, one decimal. */
  runDistanceKm: z.number(),
  /** From the volunteer's area to the pickup cell, on lists near them. */
  distanceKm: z.number().optional(),
  windowEndsAt: z.string(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
  pickupDueAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  kept: KeptAsSchema.nullable(),
  temperatureC: z.number().nullable(),
  disposalReason: z.string().nullable(),
  /** What the viewer is to this run. */
  /** ORGANISATION: a member of the organisation the request was made for (what happens, not the numbers). */
  viewerRole: z.enum(['VOLUNTEER', 'DONOR', 'RECEIVER', 'ORGANISATION', 'OPEN_TO_CLAIM']),
  /** The volunteer's first name, to donor and receiver once claimed. */
  volunteerName: z.string().nullable(),
  /** To donor and receiver while the run is active: the volunteer's number. */
  volunteerContactNumber: z.string().optional(),
  /** To the claiming volunteer while active: exact places and numbers. */
  pickupAddress: z.string().optional(),
  pickupPoint: z.object({ lat: z.number(), lng: z.number() }).optional(),
  dropoffAddress: z.string().optional(),
  dropoffPoint: z.object({ lat: z.number(), lng: z.number() }).optional(),
  donorName: z.string().optional(),
  donorContactNumber: z.string().optional(),
  receiverName: z.string().optional(),
  receiverContactNumber: z.string().optional(),
  /** To the claiming volunteer while the food is still with the donor: the code the donor enters. */
  handoverCode: z.string().optional(),
  /** The chain of custody, to donor, receiver and the volunteer who claimed. */
  events: z.array(RunEventSchema).optional(),
  /** Whom the viewer may still rate on this run (after delivery). */
  canRate: z.array(z.enum(['DONOR', 'RECEIVER', 'VOLUNTEER'])).optional(),
});
export type Run = z.infer<typeof RunSchema>;
export const RunListSchema = z.array(RunSchema);

export const RunsNearQuerySchema = z.object({ ...PageQueryShape });
export const MyRunsQuerySchema = z.object({
  ...PageQueryShape,
  view: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['active', 'history'], { error: msg('RUN_VIEW_CHOOSE') }).default('active')),
});
export type MyRunsQuery = z.output<typeof MyRunsQuerySchema>;

export const RunPickupInputSchema = z.object({
  handoverCode: z
    .string({ error: msg('HANDOVER_CODE_NEEDED') })
    .trim()
    .regex(/^\d{6}$/, msg('HANDOVER_CODE_DIGITS')),
  kept: z.preprocess((value) => (value === '' || value === null ? undefined : value), KeptAsSchema.optional()),
  temperatureC: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: msg('TEMPERATURE_RANGE') })
      .min(-30, msg('TEMPERATURE_RANGE'))
      .max(120, msg('TEMPERATURE_RANGE'))
      .optional(),
  ),
});
export type RunPickupInput = z.input<typeof RunPickupInputSchema>;

export const RunDeliverInputSchema = z.object({
  pickupCode: z
    .string({ error: msg('OTP_NEEDED') })
    .trim()
    .min(1, msg('OTP_NEEDED'))
    .regex(/^\d{6}$/, msg('PICKUP_CODE_DIGITS')),
});
export type RunDeliverInput = z.input<typeof RunDeliverInputSchema>;

export const RunDisposeInputSchema = z.object({
  reason: z
    .string({ error: msg('DISPOSAL_REASON_NEEDED') })
    .trim()
    .min(3, msg('DISPOSAL_REASON_NEEDED'))
    .max(300, msg('TOO_LONG', { max: 300 })),
});
export type RunDisposeInput = z.input<typeof RunDisposeInputSchema>;

export const RunRatingInputSchema = z.object({
  ratee: z.enum(['DONOR', 'RECEIVER', 'VOLUNTEER'], { error: msg('RUN_RATEE_CHOOSE') }),
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
      .max(500, msg('RATING_COMMENT_TOO_LONG', { max: 500 })),
  ),
});
export type RunRatingInput = z.input<typeof RunRatingInputSchema>;
