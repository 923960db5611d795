import { msg } from './coded-message';
import { OrganisationBadgeSchema, OrganisationChoiceSchema } from './organisation-badge';
import { z } from 'zod';
import { FoodTypeSchema } from './donations';
import { PageQueryShape } from './paging';
import { PhotoSchema } from './photos';
import { PortionsAskedSchema, RequestPortionsSchema } from './portions';
import { DeliveryChoiceSchema, DropoffSchema } from './runs';
import { PaymentMethod, RequestStatus } from './request-status';

export { PaymentMethod, RequestStatus } from './request-status';

export const RequestStatusSchema = z.enum([
  RequestStatus.PENDING,
  RequestStatus.AWAITING_PICKUP,
  RequestStatus.COMPLETED,
  RequestStatus.REJECTED,
  RequestStatus.CANCELLED,
  RequestStatus.NO_SHOW,
]);
/** A request that still holds a claim on its donation. */
export const OPEN_REQUEST_STATUSES = [RequestStatus.PENDING, RequestStatus.AWAITING_PICKUP] as const;

export const PaymentMethodSchema = z.enum([PaymentMethod.CASH, PaymentMethod.UPI, PaymentMethod.CARD, PaymentMethod.NOT_APPLICABLE], {
  error: msg('PAYMENT_METHOD_CHOOSE'),
});

/** Free food is never paid for; paid food defaults to cash when the client leaves the choice empty. */
export function resolvePaymentMethod(free: boolean, chosen: PaymentMethod | undefined): PaymentMethod {
  if (free) return PaymentMethod.NOT_APPLICABLE;
  if (chosen === undefined || chosen === PaymentMethod.NOT_APPLICABLE) return PaymentMethod.CASH;
  return chosen;
}

/**
 * The no-show rule (issue 16; decision 029): a receiver with this many no-shows within the window,
 * none of them followed by a completed pickup, may hold only `maxAccepted` accepted request at a time.
 */
export const NO_SHOW_RULE = { noShows: 3, windowDays: 30, maxAccepted: 1 } as const;

/** "Picked up 12 of 13 accepted": accepted ever, less what the donor withdrew and what is still to be collected. */
export const ReceiverReliabilitySchema = z.object({ pickedUp: z.number().int(), accepted: z.number().int() });
export type ReceiverReliability = z.infer<typeof ReceiverReliabilitySchema>;
/** "Handed over 8 of 9 accepted": a receiver's no-show or withdrawal is not counted against the donor. */
export const DonorReliabilitySchema = z.object({ handedOver: z.number().int(), accepted: z.number().int() });
export type DonorReliability = z.infer<typeof DonorReliabilitySchema>;

/** The signed-in person's own figures and where they stand with the no-show rule. */
export const MyReliabilitySchema = z.object({
  asReceiver: ReceiverReliabilitySchema,
  asDonor: DonorReliabilitySchema,
  /** No-shows in the last 30 days since the latest completed pickup. */
  recentNoShows: z.number().int(),
  /** Whether the rule holds them to one accepted request at a time now. */
  limited: z.boolean(),
});
export type MyReliability = z.infer<typeof MyReliabilitySchema>;

/** Wrong entries a request tolerates in total; a fresh code does not reset the count. */
export const PICKUP_CODE_MAX_FAILED_ATTEMPTS = 5;
/** Fresh codes a receiver may ask for, on top of the one issued at acceptance. */
export const PICKUP_CODE_MAX_RENEWALS = 3;

/** The spec's client sends `{paymentMethod: ''}`; empty and missing both mean "the default". */
export const CreateRequestInputSchema = z
  .object({
    paymentMethod: z.preprocess((value) => (value === '' || value === null ? undefined : value), PaymentMethodSchema.optional()),
    // Issue 32: asked for on behalf of an organisation the receiver belongs to.
    organisationId: OrganisationChoiceSchema,
    /** Issue 32: "I will collect" (the default) or "Please deliver", with the drop-off. */
    delivery: z.preprocess((value) => (value === '' || value === null ? undefined : value), DeliveryChoiceSchema.optional()),
    dropoff: DropoffSchema.optional(),
    /** Issue 33: portions of a donation shared in portions (1 when left out). */
    portions: PortionsAskedSchema,
  })
  .superRefine((input, ctx) => {
    if (input.delivery === 'DELIVER' && input.dropoff === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dropoff', 'address'], message: msg('DROPOFF_ADDRESS_NEEDED') });
    }
  })
  .default({});
export type CreateRequestInput = z.input<typeof CreateRequestInputSchema>;

export const ConfirmPickupInputSchema = z.object({
  pickupCode: z
    .string({ error: msg('OTP_NEEDED') })
    .trim()
    .min(1, msg('OTP_NEEDED'))
    .regex(/^\d{6}$/, msg('PICKUP_CODE_DIGITS')),
  /** Issue 33: portions handed over when fewer than accepted came away (the rest go back); left out is all of them. */
  portionsCollected: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .number({ error: msg('PORTIONS_ASKED_INVALID') })
      .int(msg('PORTIONS_ASKED_INVALID'))
      .min(1, msg('PORTIONS_ASKED_INVALID'))
      .optional(),
  ),
});
export type ConfirmPickupInput = z.input<typeof ConfirmPickupInputSchema>;

export const PickupInfoSchema = z.object({ pickupCode: z.string(), donorContactNumber: z.string() });
export type PickupInfo = z.infer<typeof PickupInfoSchema>;

/** Both parties' view of a request. The donor's contact number only ever goes to the receiver after acceptance. */
export const DonationRequestSchema = z.object({
  id: z.number().int(),
  donationId: z.number().int(),
  foodName: z.string(),
  status: RequestStatusSchema,
  receiverName: z.string(),
  donorName: z.string(),
  paymentMethod: PaymentMethodSchema,
  requestDate: z.string(),
  createdAt: z.string(),
  /** The same instant as `expiresAt`, under the name the earlier client reads. */
  expiryDateTime: z.string(),
  expiresAt: z.string(),
  foodType: FoodTypeSchema,
  isFree: z.boolean(),
  free: z.boolean(),
  price: z.number(),
  location: z.string(),
  imageUrl: z.string().nullable(),
  /** Issue 18: the donation's photo for `srcset`; null without a photo. */
  photo: PhotoSchema.nullable(),
  donorContactNumber: z.string().optional(),
  /**
   * The pickup's exact point, to the donor and to the receiver while the pickup awaits (issue 29:
   * the map and directions on the accepted card); absent for anyone else and once it is over.
   */
  pickupPoint: z.object({ lat: z.number(), lng: z.number() }).optional(),
  /** Issue 32: collected in person (also every request of the earlier client) or delivered by a volunteer. */
  deliveryChoice: z.enum(['COLLECT', 'DELIVER']),
  /** Where a delivered request's food goes: to the receiver always; to the donor its area, and the address while it is to be carried. */
  dropoffAddress: z.string().optional(),
  /** The delivery run of an accepted "Please deliver" request, and where it stands. */
  runId: z.number().int().nullable(),
  runStatus: z.enum(['OPEN', 'CLAIMED', 'PICKED_UP', 'DELIVERED', 'DISPOSED', 'CANCELLED']).nullable(),
  /** To the donor only: the receiver's pickups so far. */
  receiverReliability: ReceiverReliabilitySchema.optional(),
  /** To the receiver only: the donor's handovers so far. */
  donorReliability: DonorReliabilitySchema.optional(),
  /** Issue 32: the organisation the request is made for, with its verified badge; null for the receiver alone. */
  organisation: OrganisationBadgeSchema.nullable(),
  /** Issue 33: the request's share of a donation in portions; null for one receiver's food. */
  portions: RequestPortionsSchema.nullable(),
});
export type DonationRequest = z.infer<typeof DonationRequestSchema>;
export const DonationRequestListSchema = z.array(DonationRequestSchema);

const donationIdMessage = msg('DONATION_ID_INVALID');
/** The donor's received requests: paged, optionally for one donation (the "N requests waiting" links). */
export const ReceivedRequestsQuerySchema = z.object({
  ...PageQueryShape,
  donationId: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z.number({ error: donationIdMessage }).int(donationIdMessage).min(1, donationIdMessage).max(2_147_483_647, donationIdMessage).optional(),
  ),
});
export type ReceivedRequestsQuery = z.output<typeof ReceivedRequestsQuerySchema>;

/** How many requests wait for the donor's answer, in all and per donation (only donations with some). */
export const PendingReceivedSchema = z.object({
  pending: z.number().int(),
  donations: z.array(z.object({ donationId: z.number().int(), pending: z.number().int() })),
});
export type PendingReceived = z.infer<typeof PendingReceivedSchema>;

/** The viewer's own latest request on one donation, or null when they never requested it. */
export const MyRequestForDonationSchema = z.object({
  request: DonationRequestSchema.nullable(),
  /** The viewer listed this donation: they answer requests on it and cannot request it themselves. */
  isDonor: z.boolean(),
  /** The donor's handovers so far, for someone deciding whether to request (null for the donor themself). */
  donorReliability: DonorReliabilitySchema.nullable(),
});
export type MyRequestForDonation = z.infer<typeof MyRequestForDonationSchema>;
