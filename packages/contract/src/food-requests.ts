import { z } from 'zod';
import { EmailSchema, PhoneSchema, extractPinCode, requiredText } from './common';
import { FoodType, PRICE_MAX_RUPEES, parseGeolocation } from './donations';
import { DietSchema, FoodFilterQueryShape } from './food-facts';
import { DistanceKmShape, NearQueryShape, refineNear } from './near';
import { PageQueryShape, optionalQueryText } from './paging';
import { PaymentMethod, PaymentMethodSchema } from './requests';
import { DAY, parseInstantInput } from './time';

/** OPEN, FULFILLED and CANCELLED are stored; EXPIRED is what an OPEN need reads as once its expiry has passed. */
export const FoodRequestStatus = {
  OPEN: 'OPEN',
  FULFILLED: 'FULFILLED',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
} as const;
export type FoodRequestStatus = (typeof FoodRequestStatus)[keyof typeof FoodRequestStatus];
export const FoodRequestStatusSchema = z.enum([FoodRequestStatus.OPEN, FoodRequestStatus.FULFILLED, FoodRequestStatus.CANCELLED, FoodRequestStatus.EXPIRED]);

export const PEOPLE_MIN = 1;
export const PEOPLE_MAX = 1000;
/** A need may stay open at most this long; older needs are stale by the time anyone reads them. */
export const FOOD_REQUEST_MAX_AHEAD_MS = 30 * DAY;
/** A food need names its food in words ("Rice and dal"); PRECOOKED and RAW are values like any other. */
export const FOOD_TYPE_MAX = 80;

export const FoodRequestMessages = {
  submitted: 'Food request submitted successfully!',
  failed: 'Failed to submit request.',
  // Says what the rule is and why, since the location is free text and a pin code is easy to leave out.
  pinCode: 'Add the 6-digit pin code to your location, for example "Aundh, Pune 411007": donors nearby find requests by pin code.',
  foodType: `Say what food you need in at most ${FOOD_TYPE_MAX} characters, for example "Rice and dal".`,
  foodTypeCharacters: 'The food type cannot contain line breaks or other control characters.',
  people: `Enter the number of people, a whole number from ${PEOPLE_MIN} to ${PEOPLE_MAX}.`,
  requestedTime: 'Enter when you need the food, as a date and time.',
  expiryTime: 'Enter until when the request stays open, as a date and time.',
  expiryBeforeRequested: 'The request must stay open until after the time you need the food.',
  expiryInPast: 'The request must stay open until a time in the future.',
  expiryTooFar: 'A request can stay open for at most 30 days.',
  offerPrice: `Enter an offer in rupees from 0 to ${PRICE_MAX_RUPEES.toLocaleString('en-IN')}, with at most two decimals.`,
  geolocation: 'Enter the location as latitude,longitude.',
  notFound: 'Food request not found.',
  notYours: 'Only the person who posted this food request can change it.',
  notOpen: 'This food request is no longer open.',
  expired: 'This food request has expired.',
} as const;

/** Control characters (C0, DEL and C1), tab and line breaks among them: a food type is one short line. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** What food a need asks for: free text, trimmed, 1 to 80 characters, one line. */
export const NeedFoodTypeSchema = z
  .string({ error: FoodRequestMessages.foodType })
  .trim()
  .min(1, FoodRequestMessages.foodType)
  .max(FOOD_TYPE_MAX, FoodRequestMessages.foodType)
  .refine((text) => !CONTROL_CHARACTERS.test(text), FoodRequestMessages.foodTypeCharacters);

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberFromForm = (value: unknown) => {
  const cleared = emptyToUndefined(value);
  // Form inputs send numbers as text; anything else is left for the number schema to refuse.
  return typeof cleared === 'string' && cleared.trim() !== '' && !Number.isNaN(Number(cleared)) ? Number(cleared) : cleared;
};

function optionalFormText(label: string, max: number) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`),
  );
}

function instantField(message: string) {
  return z.string({ error: message }).refine((text) => parseInstantInput(text) !== null, message);
}

/**
 * The Request food form (spec section 3). Times without an offset are India time. Whether the
 * expiry lies ahead of now is checked by the server against its clock.
 */
export const CreateFoodRequestInputSchema = z
  .object({
    fullName: requiredText('Full name', 100),
    contactNumber: PhoneSchema,
    email: EmailSchema,
    location: requiredText('Location', 300).refine((text) => extractPinCode(text) !== null, FoodRequestMessages.pinCode),
    geolocation: z.preprocess(
      emptyToUndefined,
      z.string({ error: FoodRequestMessages.geolocation }).refine((text) => parseGeolocation(text) !== null, FoodRequestMessages.geolocation).optional(),
    ),
    requestedTime: instantField(FoodRequestMessages.requestedTime),
    requestExpiryTime: instantField(FoodRequestMessages.expiryTime),
    // Empty or left out: the spec's default, PRECOOKED. Only blank text counts as empty.
    foodType: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : emptyToUndefined(value)),
      NeedFoodTypeSchema.default(FoodType.PRECOOKED),
    ),
    alternativeFood: optionalFormText('Alternative food', 200),
    numberOfPeople: z.preprocess(
      numberFromForm,
      z.number({ error: FoodRequestMessages.people }).int(FoodRequestMessages.people).min(PEOPLE_MIN, FoodRequestMessages.people).max(PEOPLE_MAX, FoodRequestMessages.people).default(1),
    ),
    message: optionalFormText('Message', 1000),
    offerPrice: z.preprocess(
      numberFromForm,
      z
        .number({ error: FoodRequestMessages.offerPrice })
        .min(0, FoodRequestMessages.offerPrice)
        .max(PRICE_MAX_RUPEES, FoodRequestMessages.offerPrice)
        .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, FoodRequestMessages.offerPrice)
        .default(0),
    ),
    foodDescription: optionalFormText('Food description', 1000),
    paymentMethod: z.preprocess(emptyToUndefined, PaymentMethodSchema.default(PaymentMethod.CASH)),
    // Issue 16: the diet the food must fit; left out is "Not stated".
    diet: z.preprocess(emptyToUndefined, DietSchema.optional()),
  })
  .superRefine((input, ctx) => {
    const requested = parseInstantInput(input.requestedTime);
    const expiry = parseInstantInput(input.requestExpiryTime);
    if (requested && expiry && expiry.getTime() <= requested.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['requestExpiryTime'], message: FoodRequestMessages.expiryBeforeRequested });
    }
  })
  .transform((input) => ({
    ...input,
    // Both parse: the refinements above ran first.
    requestedTime: parseInstantInput(input.requestedTime) as Date,
    requestExpiryTime: parseInstantInput(input.requestExpiryTime) as Date,
    pinCode: extractPinCode(input.location) as string,
    geolocation: input.geolocation === undefined ? null : parseGeolocation(input.geolocation),
    diet: input.diet ?? null,
  }));
export type CreateFoodRequestInput = z.input<typeof CreateFoodRequestInputSchema>;
export type CreateFoodRequest = z.output<typeof CreateFoodRequestInputSchema>;

/** Whether an expiry accepted by the form is acceptable now: ahead of the clock, at most 30 days. */
export function foodRequestExpiryProblem(expiry: Date, now: Date): string | null {
  if (expiry.getTime() <= now.getTime()) return FoodRequestMessages.expiryInPast;
  if (expiry.getTime() > now.getTime() + FOOD_REQUEST_MAX_AHEAD_MS) return FoodRequestMessages.expiryTooFar;
  return null;
}

/** What a need reads as now: an OPEN need past its expiry is EXPIRED. */
export function effectiveFoodRequestStatus(stored: FoodRequestStatus, expiry: Date, now: Date): FoodRequestStatus {
  return stored === FoodRequestStatus.OPEN && expiry.getTime() <= now.getTime() ? FoodRequestStatus.EXPIRED : stored;
}

/** The requester's own view: everything they entered. */
/** What a need is: shown to its owner and, without contact details, to everyone signed in. */
const NeedDetailsShape = {
  id: z.number().int(),
  location: z.string(),
  pinCode: z.string(),
  requestedTime: z.string(),
  requestExpiryTime: z.string(),
  foodType: z.string(),
  alternativeFood: z.string(),
  numberOfPeople: z.number().int(),
  message: z.string(),
  offerPrice: z.number(),
  foodDescription: z.string(),
  paymentMethod: PaymentMethodSchema,
  /** Issue 16: null is "Not stated". */
  diet: DietSchema.nullable(),
  status: FoodRequestStatusSchema,
  createdAt: z.string(),
};

/** The owner's own view: everything they entered. */
export const MyFoodRequestSchema = z.object({
  ...NeedDetailsShape,
  fullName: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  geolocation: z.string(),
  updatedAt: z.string(),
});
export type MyFoodRequest = z.infer<typeof MyFoodRequestSchema>;
export const MyFoodRequestListSchema = z.array(MyFoodRequestSchema);

/**
 * What other signed-in people see of an open need: what, for how many, where and until when.
 * Never the requester's phone, email or exact position.
 */
export const OpenFoodRequestSchema = z.object({ ...NeedDetailsShape, requesterName: z.string(), ...DistanceKmShape });
export type OpenFoodRequest = z.infer<typeof OpenFoodRequestSchema>;
export const OpenFoodRequestListSchema = z.array(OpenFoodRequestSchema);

/**
 * A need as anyone may see it, on its own shareable page (issue 18): what is needed, for how many
 * and by when, and only the pin code's district and state for where. No name, contact, address or
 * message: those stay with signed-in donors on the Food needs list.
 */
export const PublicFoodNeedSchema = z.object({
  id: z.number().int(),
  pinCode: z.string(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  foodType: z.string(),
  alternativeFood: z.string(),
  numberOfPeople: z.number().int(),
  foodDescription: z.string(),
  diet: DietSchema.nullable(),
  requestExpiryTime: z.string(),
  status: FoodRequestStatusSchema,
});
export type PublicFoodNeed = z.infer<typeof PublicFoodNeedSchema>;

export const FoodRequestSort = { NEWEST: 'NEWEST', NEAREST: 'NEAREST' } as const;
export type FoodRequestSort = (typeof FoodRequestSort)[keyof typeof FoodRequestSort];

/**
 * `location` of exactly 6 digits matches the pin code; other text is a case-insensitive part of
 * the location. `lat`, `lng` and `radiusKm` (issue 15) keep needs whose public point lies within
 * the radius and add `distanceKm`; `sort=NEAREST` orders by it, ties by expiry.
 */
export const OpenFoodRequestsQuerySchema = z
  .object({
    location: optionalQueryText('Location', 300),
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum([FoodRequestSort.NEWEST, FoodRequestSort.NEAREST], { error: 'Sort by NEWEST or NEAREST.' }).default(FoodRequestSort.NEWEST),
    ),
    diet: FoodFilterQueryShape.diet,
    ...NearQueryShape,
    ...PageQueryShape,
  })
  .superRefine(refineNear);
export type OpenFoodRequestsQuery = z.output<typeof OpenFoodRequestsQuerySchema>;
export const MyFoodRequestsQuerySchema = z.object(PageQueryShape);
