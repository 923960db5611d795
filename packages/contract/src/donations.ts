import { type CodedMessage, coded, msg } from './coded-message';
import { OrganisationBadgeSchema, OrganisationChoiceSchema } from './organisation-badge';
import { z } from 'zod';
import { UploadUrlSchema } from './auth';
import { extractPinCode } from './common';
import {
  ALL_SAFETY_CHECKS_MASK,
  AllergenListSchema,
  DietSchema,
  Diet,
  FoodFilterQueryShape,
  SafetyCheckSchema,
  AllergenSchema,
  allergenLabels,
  dietContradiction,
  dietLabels,
  safetyChecksToMask,
} from './food-facts';
import { PhotoSchema } from './photos';
import { DonationPortionsSchema, OrganisationsOnlyMinutesSchema, PortionsInputSchema } from './portions';
import { DistanceKmShape, NearQueryShape, refineNear } from './near';
import { parseGeolocation } from './geolocation';
import { DAY, HOUR, parseInstantInput } from './time';

export { coarseGeolocation, formatGeolocation, type GeoPoint, parseGeolocation } from './geolocation';
export { secondsLeft } from './time';

export const DonationStatus = {
  AVAILABLE: 'AVAILABLE',
  PENDING: 'PENDING',
  COMPLETED: 'COMPLETED',
  EXPIRED: 'EXPIRED',
  CANCELLED: 'CANCELLED',
} as const;
export type DonationStatus = (typeof DonationStatus)[keyof typeof DonationStatus];
export const DonationStatusSchema = z.enum(Object.values(DonationStatus) as [DonationStatus, ...DonationStatus[]]);

export const FoodType = { PRECOOKED: 'PRECOOKED', RAW: 'RAW' } as const;
export type FoodType = (typeof FoodType)[keyof typeof FoodType];
export const FoodTypeSchema = z.enum([FoodType.PRECOOKED, FoodType.RAW], { error: msg('FOOD_TYPE_CHOOSE') });

export const DeliveryType = { SELF_PICKUP: 'SELF_PICKUP', DELIVERY_PARTNER: 'DELIVERY_PARTNER', ANY: 'ANY' } as const;
export type DeliveryType = (typeof DeliveryType)[keyof typeof DeliveryType];
export const DeliveryTypeSchema = z.enum([DeliveryType.SELF_PICKUP, DeliveryType.DELIVERY_PARTNER, DeliveryType.ANY], {
  error: msg('DELIVERY_TYPE_CHOOSE'),
});

/** Pre-cooked food is listed for at most this long after it is posted. */
export const PRECOOKED_SHELF_LIFE_MS = 4 * HOUR;
/** Raw food may be listed at most this far ahead. */
export const RAW_MAX_AHEAD_MS = 30 * DAY;
/** Prices are rupees with at most two decimals (stored as whole paise); this caps typing mistakes. */
export const PRICE_MAX_RUPEES = 100_000;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function requiredField(max: number) {
  return z
    .string({ error: msg('REQUIRED_FIELDS') })
    .trim()
    .min(1, msg('REQUIRED_FIELDS'))
    .max(max, msg('TOO_LONG', { max }));
}

/** True for a number of rupees above 0 with at most two decimals (whole paise). */
export function isValidPrice(price: unknown): price is number {
  return (
    typeof price === 'number' && Number.isFinite(price) && price > 0 && price <= PRICE_MAX_RUPEES && Math.abs(Math.round(price * 100) - price * 100) < 1e-6
  );
}

export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => paise / 100;

/**
 * The donate form's fields. A creation time or status sent by a client is not a field, so it is
 * dropped; the server sets both.
 */
export const CreateDonationInputSchema = z
  .object({
    foodName: requiredField(100),
    description: requiredField(1000),
    quantity: requiredField(100),
    expiryDateTime: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: msg('EXPIRY_NEEDED') })
        .refine((text) => parseInstantInput(text) !== null, msg('EXPIRY_NEEDED'))
        .optional(),
    ),
    free: z.preprocess(emptyToUndefined, z.boolean({ error: msg('FREE_CHOOSE') }).default(true)),
    price: z.preprocess((value) => {
      const cleared = emptyToUndefined(value);
      return typeof cleared === 'string' && cleared.trim() !== '' && !Number.isNaN(Number(cleared)) ? Number(cleared) : cleared;
    }, z.unknown().optional()),
    location: requiredField(300).refine((address) => extractPinCode(address) !== null, msg('PICKUP_PIN_CODE_NEEDED')),
    geolocation: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: msg('LOCATION_POINT_INVALID') })
        .refine((text) => parseGeolocation(text) !== null, msg('LOCATION_POINT_INVALID'))
        .optional(),
    ),
    deliveryType: z.preprocess(emptyToUndefined, DeliveryTypeSchema.default(DeliveryType.SELF_PICKUP)),
    foodType: z.preprocess(emptyToUndefined, FoodTypeSchema.default(FoodType.PRECOOKED)),
    refrigerationAvailable: z.preprocess(emptyToUndefined, z.boolean({ error: msg('REFRIGERATION_NEEDED') }).optional()),
    imageUrl: z.preprocess(emptyToUndefined, UploadUrlSchema.optional()),
    // Issue 16: what the food is. Left out (or null) means "Not stated", for the earlier client.
    diet: z.preprocess(emptyToUndefined, DietSchema.optional()),
    jain: z.preprocess(emptyToUndefined, z.boolean({ error: msg('JAIN_CHOOSE') }).optional()),
    allergens: z.preprocess((value) => (value === null ? undefined : value), AllergenListSchema.optional()),
    preparedAt: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: msg('PREPARED_AT_NEEDED') })
        .refine((text) => parseInstantInput(text) !== null, msg('PREPARED_AT_NEEDED'))
        .optional(),
    ),
    safetyChecklist: z.preprocess(
      (value) => (value === null ? undefined : value),
      z.array(SafetyCheckSchema, { error: msg('SAFETY_CHECKLIST_NEEDED') }).optional(),
    ),
    // Issue 32: given as an organisation the donor belongs to; left out or empty means the donor alone.
    organisationId: OrganisationChoiceSchema,
    // Issue 33: shared out in portions among several receivers; left out is one receiver, as before.
    portions: z.preprocess((value) => (value === null ? undefined : value), PortionsInputSchema.optional()),
    organisationsOnlyMinutes: OrganisationsOnlyMinutesSchema,
  })
  .superRefine((input, ctx) => {
    refineFoodFacts(input, ctx);
    if (!input.free && !isValidPrice(input.price)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: msg('PRICE_INVALID') });
    }
    if (input.foodType === FoodType.PRECOOKED && input.refrigerationAvailable === undefined) {
      ctx.addIssue({ code: 'custom', path: ['refrigerationAvailable'], message: msg('REFRIGERATION_NEEDED') });
    }
    if (input.foodType === FoodType.RAW && input.expiryDateTime === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expiryDateTime'], message: msg('REQUIRED_FIELDS') });
    }
  })
  .transform((input) => ({
    foodName: input.foodName,
    description: input.description,
    quantity: input.quantity,
    expiryDateTime: input.expiryDateTime === undefined ? null : parseInstantInput(input.expiryDateTime),
    free: input.free,
    // Free food costs nothing, whatever price a form left behind.
    price: input.free ? 0 : (input.price as number),
    location: input.location,
    pinCode: extractPinCode(input.location) as string,
    geolocation: input.geolocation === undefined ? null : parseGeolocation(input.geolocation),
    deliveryType: input.deliveryType,
    foodType: input.foodType,
    // Raw food is never refrigerated by this product's rules; the question is only asked for cooked food.
    refrigerationAvailable: input.foodType === FoodType.RAW ? false : input.refrigerationAvailable === true,
    imageUrl: input.imageUrl ?? null,
    diet: input.diet ?? null,
    jain: input.jain ?? null,
    allergens: input.allergens ?? null,
    preparedAt: input.preparedAt === undefined ? null : parseInstantInput(input.preparedAt),
    safetyChecklist: input.safetyChecklist ?? null,
    organisationId: input.organisationId ?? null,
    portions: input.portions ?? null,
    organisationsOnlyMinutes: input.organisationsOnlyMinutes ?? 0,
  }));
export type CreateDonationInput = z.input<typeof CreateDonationInputSchema>;
export type CreateDonation = z.output<typeof CreateDonationInputSchema>;

interface FoodFactsInput {
  foodType: FoodType;
  expiryDateTime?: string | undefined;
  diet?: Diet | undefined;
  jain?: boolean | undefined;
  allergens?: Array<z.infer<typeof AllergenSchema>> | undefined;
  preparedAt?: string | undefined;
  safetyChecklist?: Array<z.infer<typeof SafetyCheckSchema>> | undefined;
}

/**
 * Issue 16's rules that need no clock (decision 027). A client that sends none of the food facts
 * is the earlier client: its food shows as "Not stated". A client that sends any of them for
 * cooked food must send diet, allergens ([] for none known), preparedAt and the whole checklist;
 * raw food takes diet, Jain and allergens only. Contradictions are refused on the field at fault.
 */
function refineFoodFacts(input: FoodFactsInput, ctx: z.RefinementCtx) {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const cooked = input.foodType === FoodType.PRECOOKED;
  const statesAny =
    input.diet !== undefined ||
    input.jain !== undefined ||
    input.allergens !== undefined ||
    input.preparedAt !== undefined ||
    input.safetyChecklist !== undefined;
  if (cooked && statesAny) {
    if (input.diet === undefined) add('diet', msg('DIET_NEEDED_COOKED'));
    if (input.allergens === undefined) add('allergens', msg('ALLERGENS_NEEDED_COOKED'));
    if (input.preparedAt === undefined) add('preparedAt', msg('PREPARED_AT_NEEDED'));
    if (input.safetyChecklist === undefined || safetyChecksToMask(input.safetyChecklist) !== ALL_SAFETY_CHECKS_MASK) {
      add('safetyChecklist', msg('SAFETY_CHECKLIST_NEEDED'));
    }
  }
  if (!cooked && input.preparedAt !== undefined) add('preparedAt', msg('PREPARED_AT_RAW'));
  if (!cooked && input.safetyChecklist !== undefined) add('safetyChecklist', msg('SAFETY_CHECKLIST_RAW'));
  if (input.jain === true && (input.diet === Diet.EGG || input.diet === Diet.NON_VEG)) add('jain', msg('JAIN_DIET'));
  if (input.diet !== undefined && input.allergens !== undefined) {
    const clash = dietContradiction(input.diet, input.allergens);
    if (clash) add('allergens', msg('DIET_ALLERGEN_CONTRADICTION', { allergen: allergenLabels[clash], diet: dietLabels[input.diet] }));
  }
  const prepared = input.preparedAt === undefined ? null : parseInstantInput(input.preparedAt);
  const expiry = input.expiryDateTime === undefined ? null : parseInstantInput(input.expiryDateTime);
  if (cooked && prepared && expiry && prepared.getTime() >= expiry.getTime()) add('preparedAt', msg('PREPARED_AT_AFTER_EXPIRY'));
}

/** The cooking time's rules that need the server's clock: not ahead of it, and not so long ago that the food is past its 4 hours. */
export function preparedAtProblem(preparedAt: Date | null, now: Date): CodedMessage | null {
  if (preparedAt === null) return null;
  if (preparedAt.getTime() > now.getTime()) return coded('PREPARED_AT_FUTURE');
  if (preparedAt.getTime() + PRECOOKED_SHELF_LIFE_MS <= now.getTime()) return coded('PREPARED_AT_TOO_OLD');
  return null;
}

export type ExpiryResult = { ok: true; expiresAt: Date } | { ok: false; message: CodedMessage };

/**
 * When a donation stops being listed. PRECOOKED: the earlier of the given expiry and 4 hours
 * after it was cooked (issue 16: `preparedAt` when earlier than creation, else creation). RAW:
 * the given expiry, which must be in the future and at most 30 days ahead.
 */
export function computeExpiresAt(foodType: FoodType, expiryDateTime: Date | null, createdAt: Date, preparedAt: Date | null = null): ExpiryResult {
  const created = createdAt.getTime();
  if (foodType === FoodType.PRECOOKED) {
    const cooked = preparedAt === null ? created : Math.min(created, preparedAt.getTime());
    const shelfLife = cooked + PRECOOKED_SHELF_LIFE_MS;
    if (expiryDateTime === null) return { ok: true, expiresAt: new Date(shelfLife) };
    if (expiryDateTime.getTime() <= created) return { ok: false, message: coded('EXPIRY_IN_PAST') };
    return { ok: true, expiresAt: new Date(Math.min(shelfLife, expiryDateTime.getTime())) };
  }
  if (expiryDateTime === null) return { ok: false, message: coded('REQUIRED_FIELDS') };
  if (expiryDateTime.getTime() <= created) return { ok: false, message: coded('EXPIRY_IN_PAST') };
  if (expiryDateTime.getTime() > created + RAW_MAX_AHEAD_MS) return { ok: false, message: coded('EXPIRY_TOO_FAR') };
  return { ok: true, expiresAt: expiryDateTime };
}

/** The timer's length in whole seconds, counted from creation (spec section 4). */
export function countdownSeconds(createdAt: Date, expiresAt: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - createdAt.getTime()) / 1000));
}

/** A listing whose time ran out is EXPIRED even before the periodic sweep has written it down. */
export function effectiveDonationStatus(status: DonationStatus, expiresAt: Date, now: Date): DonationStatus {
  const open = status === DonationStatus.AVAILABLE || status === DonationStatus.PENDING;
  return open && expiresAt.getTime() <= now.getTime() ? DonationStatus.EXPIRED : status;
}

/** Exactly what any reader of a donation gets: no donor contact, no donor id. */
export const DonationSchema = z.object({
  id: z.number().int(),
  foodName: z.string(),
  description: z.string(),
  quantity: z.string(),
  expiryDateTime: z.string().nullable(),
  expiresAt: z.string(),
  countdownTime: z.number().int(),
  timer: z.boolean(),
  free: z.boolean(),
  isFree: z.boolean(),
  price: z.number(),
  /**
   * What this reader may see of the pickup address: the full address for the donor and for the
   * receiver whose request awaits pickup, the area otherwise.
   */
  location: z.string(),
  /** The full pickup address, or null when this reader may not see it. */
  pickupAddress: z.string().nullable(),
  /** The public part of the address: locality and pin code. */
  area: z.string(),
  pinCode: z.string(),
  /** The exact point for the donor and the receiver awaiting pickup, the ~500 m grid cell's centre otherwise. */
  geolocation: z.string(),
  deliveryType: DeliveryTypeSchema,
  foodType: FoodTypeSchema,
  refrigerationAvailable: z.boolean(),
  imageUrl: z.string().nullable(),
  /** Issue 18: the photo's sizes for `srcset` and its placeholder; null without a photo. */
  photo: PhotoSchema.nullable(),
  /** Issue 16: null means "Not stated" (a donation from the earlier client, or raw food left blank). */
  diet: DietSchema.nullable(),
  jain: z.boolean().nullable(),
  /** [] is the donor's explicit "None known"; null is not stated. */
  allergens: z.array(AllergenSchema).nullable(),
  preparedAt: z.string().nullable(),
  /** The points of the safety checklist the donor confirmed (all of them for cooked food), or null when not stated. */
  safetyChecklist: z.array(SafetyCheckSchema).nullable(),
  status: DonationStatusSchema,
  donorName: z.string(),
  /** Issue 32: the organisation it is given as, with its verified badge; null for the donor alone. */
  organisation: OrganisationBadgeSchema.nullable(),
  /** Issue 33: what is left of a donation shared in portions; null for one receiver's food. */
  portions: DonationPortionsSchema.nullable(),
  /** Issue 33: until this instant only verified organisations may ask; null when nobody is held back. */
  organisationsOnlyUntil: z.string().nullable(),
  createdAt: z.string(),
  createdDateTime: z.string(),
});
export type Donation = z.infer<typeof DonationSchema>;

/**
 * One donation's page: for a signed-in reader also the donor's id, which "Block this donor" names
 * (issue 16). Anonymous readers do not get it, so they cannot tie one donor's listings together.
 */
export const DonationDetailSchema = DonationSchema.extend({ donorId: z.number().int().optional() });
export type DonationDetail = z.infer<typeof DonationDetailSchema>;
export const DonationListSchema = z.array(DonationSchema);

export const BrowseSort = { ENDING_SOON: 'ENDING_SOON', NEWEST: 'NEWEST', OLDEST: 'OLDEST', NEAREST: 'NEAREST' } as const;
export type BrowseSort = (typeof BrowseSort)[keyof typeof BrowseSort];
export const BROWSE_PAGE_SIZE_DEFAULT = 50;
export const BROWSE_PAGE_SIZE_MAX = 100;
/**
 * X-Total-Count counts matches up to this many past the end of the page asked for, and stops: the
 * pager offers the pages up to there and reaches further as the reader pages on. An exact count
 * would read the whole index on each page view, and counting ahead costs with every match counted
 * (docs/decisions/038).
 */
export const BROWSE_TOTAL_AHEAD = 100;

/** The most X-Total-Count says for a page: the matches before it, its own and BROWSE_TOTAL_AHEAD more. */
export function browseTotalCap(query: { page: number; pageSize: number }): number {
  return query.page * query.pageSize + BROWSE_TOTAL_AHEAD;
}

const optionalQueryText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max, msg('TOO_LONG', { max })).optional(),
  );
const optionalQueryNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : Number(value)), schema.optional());

/**
 * Browse filters. The spec's client sent `LATEST` for the option it labelled 'Oldest', so
 * `LATEST` is accepted and means OLDEST; `ALL` or an empty food type means no filter.
 */
export const BrowseQuerySchema = z
  .object({
    foodName: optionalQueryText(100),
    location: optionalQueryText(300),
    foodType: z.preprocess((value) => (value === '' || value === 'ALL' ? undefined : value), FoodTypeSchema.optional()),
    ...FoodFilterQueryShape,
    sort: z.preprocess(
      (value) => (value === '' ? undefined : value === 'LATEST' ? BrowseSort.OLDEST : value),
      z
        .enum([BrowseSort.ENDING_SOON, BrowseSort.NEWEST, BrowseSort.OLDEST, BrowseSort.NEAREST], {
          error: msg('DONATION_SORT_CHOOSE'),
        })
        .default(BrowseSort.ENDING_SOON),
    ),
    ...NearQueryShape,
    page: optionalQueryNumber(
      z
        .number({ error: msg('PAGE_INVALID') })
        .int(msg('PAGE_INVALID'))
        .min(1, msg('PAGE_INVALID'))
        .max(100_000, msg('PAGE_TOO_LARGE')),
    ).default(1),
    pageSize: optionalQueryNumber(
      z
        .number({ error: msg('PAGE_SIZE_INVALID', { max: BROWSE_PAGE_SIZE_MAX }) })
        .int(msg('PAGE_SIZE_INVALID', { max: BROWSE_PAGE_SIZE_MAX }))
        .min(1, msg('PAGE_SIZE_INVALID', { max: BROWSE_PAGE_SIZE_MAX }))
        .max(BROWSE_PAGE_SIZE_MAX, msg('PAGE_SIZE_INVALID', { max: BROWSE_PAGE_SIZE_MAX })),
    ).default(BROWSE_PAGE_SIZE_DEFAULT),
  })
  // lat and lng come together; radiusKm and NEAREST need them (issue 15).
  .superRefine(refineNear);
export type BrowseQuery = z.output<typeof BrowseQuerySchema>;

const sinceMessage = msg('SINCE_INVALID');

/**
 * Browse's "N new donations" (issue 14): the page's filters, its radius when near me is on (issue
 * 15), and the newest id it knows. Without `since` the answer only gives the newest id to start from.
 */
export const NewDonationsQuerySchema = z
  .object({
    foodName: optionalQueryText(100),
    location: optionalQueryText(300),
    foodType: z.preprocess((value) => (value === '' || value === 'ALL' ? undefined : value), FoodTypeSchema.optional()),
    ...FoodFilterQueryShape,
    since: optionalQueryNumber(z.number({ error: sinceMessage }).int(sinceMessage).min(0, sinceMessage).max(2_147_483_647, sinceMessage)),
    ...NearQueryShape,
  })
  .superRefine(refineNear);
export type NewDonationsQuery = z.output<typeof NewDonationsQuerySchema>;

/** `count` listed donations matching the filters arrived after `since` (at most 100 counted); `newest` is the next `since`. */
export const NewDonationsSchema = z.object({ count: z.number().int(), newest: z.number().int() });
export type NewDonations = z.infer<typeof NewDonationsSchema>;

/**
 * A browse card: a donation as the public sees it plus `distanceKm` from the query's reference
 * point to its public point (one decimal), present whenever `lat` and `lng` were given.
 */
export const BrowseDonationSchema = DonationSchema.extend(DistanceKmShape);
export type BrowseDonation = z.infer<typeof BrowseDonationSchema>;
export const BrowseDonationListSchema = z.array(BrowseDonationSchema);
