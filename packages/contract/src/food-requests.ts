import { TEXT_LABELS, type TextLabel, tooLongMessage } from './common';
import { type CodedMessage, coded, msg } from './coded-message';
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

/** Control characters (C0, DEL and C1), tab and line breaks among them: a food type is one short line. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** What food a need asks for: free text, trimmed, 1 to 80 characters, one line. */
export const NeedFoodTypeSchema = z
  .string({ error: msg('FOOD_REQUEST_FOOD_TYPE', { max: FOOD_TYPE_MAX }) })
  .trim()
  .min(1, msg('FOOD_REQUEST_FOOD_TYPE', { max: FOOD_TYPE_MAX }))
  .max(FOOD_TYPE_MAX, msg('FOOD_REQUEST_FOOD_TYPE', { max: FOOD_TYPE_MAX }))
  .refine((text) => !CONTROL_CHARACTERS.test(text), msg('FOOD_TYPE_CONTROL_CHARACTERS'));

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberFromForm = (value: unknown) => {
  const cleared = emptyToUndefined(value);
  // Form inputs send numbers as text; anything else is left for the number schema to refuse.
  return typeof cleared === 'string' && cleared.trim() !== '' && !Number.isNaN(Number(cleared)) ? Number(cleared) : cleared;
};

function optionalFormText(label: TextLabel, max: number) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: msg('TEXT_EXPECTED', { label: TEXT_LABELS[label] }) })
      .trim()
      .max(max, tooLongMessage(label, max)),
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
    fullName: requiredText('FULL_NAME', 100),
    contactNumber: PhoneSchema,
    email: EmailSchema,
    location: requiredText('LOCATION', 300).refine((text) => extractPinCode(text) !== null, msg('FOOD_REQUEST_PIN_CODE')),
    geolocation: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: msg('LOCATION_POINT_INVALID') })
        .refine((text) => parseGeolocation(text) !== null, msg('LOCATION_POINT_INVALID'))
        .optional(),
    ),
    requestedTime: instantField(msg('REQUIRED_BY_NEEDED')),
    requestExpiryTime: instantField(msg('REQUEST_EXPIRY_NEEDED')),
    // Empty or left out: the spec's default, PRECOOKED. Only blank text counts as empty.
    foodType: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : emptyToUndefined(value)),
      NeedFoodTypeSchema.default(FoodType.PRECOOKED),
    ),
    alternativeFood: optionalFormText('ALTERNATIVE_FOOD', 200),
    numberOfPeople: z.preprocess(
      numberFromForm,
      z
        .number({ error: msg('PEOPLE_RANGE', { min: PEOPLE_MIN, max: PEOPLE_MAX }) })
        .int(msg('PEOPLE_RANGE', { min: PEOPLE_MIN, max: PEOPLE_MAX }))
        .min(PEOPLE_MIN, msg('PEOPLE_RANGE', { min: PEOPLE_MIN, max: PEOPLE_MAX }))
        .max(PEOPLE_MAX, msg('PEOPLE_RANGE', { min: PEOPLE_MIN, max: PEOPLE_MAX }))
        .default(1),
    ),
    message: optionalFormText('MESSAGE', 1000),
    offerPrice: z.preprocess(
      numberFromForm,
      z
        .number({ error: msg('OFFER_PRICE_RANGE', { max: PRICE_MAX_RUPEES.toLocaleString('en-IN') }) })
        .min(0, msg('OFFER_PRICE_RANGE', { max: PRICE_MAX_RUPEES.toLocaleString('en-IN') }))
        .max(PRICE_MAX_RUPEES, msg('OFFER_PRICE_RANGE', { max: PRICE_MAX_RUPEES.toLocaleString('en-IN') }))
        .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, msg('OFFER_PRICE_RANGE', { max: PRICE_MAX_RUPEES.toLocaleString('en-IN') }))
        .default(0),
    ),
    foodDescription: optionalFormText('FOOD_DESCRIPTION', 1000),
    paymentMethod: z.preprocess(emptyToUndefined, PaymentMethodSchema.default(PaymentMethod.CASH)),
    // Issue 16: the diet the food must fit; left out is "Not stated".
    diet: z.preprocess(emptyToUndefined, DietSchema.optional()),
  })
  .superRefine((input, ctx) => {
    const requested = parseInstantInput(input.requestedTime);
    const expiry = parseInstantInput(input.requestExpiryTime);
    if (requested && expiry && expiry.getTime() <= requested.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['requestExpiryTime'], message: msg('REQUEST_EXPIRY_BEFORE_NEED') });
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
export function foodRequestExpiryProblem(expiry: Date, now: Date): CodedMessage | null {
  if (expiry.getTime() <= now.getTime()) return coded('REQUEST_EXPIRY_PAST');
  if (expiry.getTime() > now.getTime() + FOOD_REQUEST_MAX_AHEAD_MS) return coded('REQUEST_EXPIRY_TOO_FAR');
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
    location: optionalQueryText('LOCATION', 300),
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum([FoodRequestSort.NEWEST, FoodRequestSort.NEAREST], { error: msg('FOOD_REQUEST_SORT_CHOOSE') }).default(FoodRequestSort.NEWEST),
    ),
    diet: FoodFilterQueryShape.diet,
    ...NearQueryShape,
    ...PageQueryShape,
  })
  .superRefine(refineNear);
export type OpenFoodRequestsQuery = z.output<typeof OpenFoodRequestsQuerySchema>;
export const MyFoodRequestsQuerySchema = z.object(PageQueryShape);
