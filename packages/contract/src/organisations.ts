import { msg } from './coded-message';
import { z } from 'zod';
import { PhoneSchema, requiredText } from './common';
import { OrganisationBadgeSchema } from './organisation-badge';
import { PageQueryShape } from './paging';

export { OrganisationBadgeSchema, OrganisationChoiceSchema, type OrganisationBadge } from './organisation-badge';

/**
 * Organisations (issue 32): NGOs, shelters, community kitchens and food businesses that give or
 * receive as one. See docs/decisions/052-organisations.md.
 */
export const OrganisationKind = {
  NGO: 'NGO',
  SHELTER: 'SHELTER',
  COMMUNITY_KITCHEN: 'COMMUNITY_KITCHEN',
  RESTAURANT_OR_CATERER: 'RESTAURANT_OR_CATERER',
  OTHER: 'OTHER',
} as const;
export type OrganisationKind = (typeof OrganisationKind)[keyof typeof OrganisationKind];
export const ORGANISATION_KINDS = Object.values(OrganisationKind) as [OrganisationKind, ...OrganisationKind[]];
export const OrganisationKindSchema = z.enum(ORGANISATION_KINDS, { error: msg('ORGANISATION_KIND_CHOOSE') });

/** Where an organisation stands with the admins' check of its identifiers. */
export const OrganisationStatus = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', MORE_INFO_REQUESTED: 'MORE_INFO_REQUESTED' } as const;
export type OrganisationStatus = (typeof OrganisationStatus)[keyof typeof OrganisationStatus];
export const OrganisationStatusSchema = z.enum([OrganisationStatus.PENDING, OrganisationStatus.VERIFIED, OrganisationStatus.MORE_INFO_REQUESTED]);

export const MemberRole = { COORDINATOR: 'COORDINATOR', MEMBER: 'MEMBER' } as const;
export type MemberRole = (typeof MemberRole)[keyof typeof MemberRole];
export const MemberRoleSchema = z.enum([MemberRole.COORDINATOR, MemberRole.MEMBER], { error: msg('ORGANISATION_ROLE_CHOOSE') });

export const ORGANISATION_NAME_MAX = 120;
export const ORGANISATION_CITY_MAX = 80;
export const REVIEW_NOTE_MAX = 500;
/** A link invitation works this long, once. */
export const INVITE_LINK_DAYS = 7;
/** A phone invitation waits this long for its person to sign up or sign in. */
export const INVITE_PHONE_DAYS = 30;
/** Organisations one person may create in a day; generous for real use, a wall for scripts. */
export const ORGANISATIONS_PER_DAY = 5;

/** FSSAI registration and licence numbers both have 14 digits. */
export const FSSAI_NUMBER = /^\d{14}$/;
/** NGO Darpan unique id: the state's two letters, the year of sign-up and 7 digits, e.g. MH/2017/0123456. */
export const DARPAN_ID = /^[A-Z]{2}\/(19|20)\d{2}\/\d{7}$/;
const PIN_CODE = /^[1-9]\d{5}$/;

/** Empty means "none": the identifiers are optional, but checked when given. */
const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

const fssaiNumber = z.preprocess(
  blankToNull,
  z
    .string({ error: msg('FSSAI_LICENCE_DIGITS') })
    .trim()
    .regex(FSSAI_NUMBER, msg('FSSAI_LICENCE_DIGITS'))
    .nullable(),
);
const darpanId = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().toUpperCase() : blank;
  },
  z
    .string({ error: msg('DARPAN_ID_FORMAT') })
    .regex(DARPAN_ID, msg('DARPAN_ID_FORMAT'))
    .nullable(),
);

/** The create and edit form's fields (both send all of them). */
export const OrganisationInputSchema = z.object({
  name: requiredText('NAME', ORGANISATION_NAME_MAX),
  kind: OrganisationKindSchema,
  city: requiredText('CITY', ORGANISATION_CITY_MAX),
  pinCode: z
    .string({ error: msg('PIN_CODE_INVALID') })
    .trim()
    .regex(PIN_CODE, msg('PIN_CODE_INVALID')),
  fssaiNumber: fssaiNumber.optional().default(null),
  darpanId: darpanId.optional().default(null),
});
export type OrganisationInput = z.input<typeof OrganisationInputSchema>;
export type OrganisationValues = z.output<typeof OrganisationInputSchema>;

/** What anyone may read: never identifiers' owners, members or their contacts. */
export const PublicOrganisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: OrganisationKindSchema,
  city: z.string(),
  verified: z.boolean(),
  memberCount: z.number().int(),
  donationsGiven: z.number().int(),
  handoversCompleted: z.number().int(),
  createdAt: z.string(),
});
export type PublicOrganisation = z.infer<typeof PublicOrganisationSchema>;

/** A member's view: the identifiers, the admins' status and note, and the reader's own role. */
export const OrganisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: OrganisationKindSchema,
  city: z.string(),
  pinCode: z.string(),
  fssaiNumber: z.string().nullable(),
  darpanId: z.string().nullable(),
  status: OrganisationStatusSchema,
  /** The admins' last note when they asked for more; null otherwise. */
  reviewNote: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  myRole: MemberRoleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

export const MyOrganisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: OrganisationKindSchema,
  city: z.string(),
  status: OrganisationStatusSchema,
  myRole: MemberRoleSchema,
  joinedAt: z.string(),
});
export type MyOrganisation = z.infer<typeof MyOrganisationSchema>;
export const MyOrganisationListSchema = z.array(MyOrganisationSchema);

/** Members see each other's names and roles; a phone or email never leaves through this list. */
export const MemberSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  role: MemberRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.array(MemberSchema);

export const MemberParamsSchema = z.object({
  id: z.coerce
    .number({ error: msg('ID_NOT_NUMBER') })
    .int(msg('ID_NOT_WHOLE'))
    .positive(msg('ID_NOT_POSITIVE'))
    .max(2_147_483_647, msg('ID_TOO_LARGE')),
  userId: z.coerce
    .number({ error: msg('ID_NOT_NUMBER') })
    .int(msg('ID_NOT_WHOLE'))
    .positive(msg('ID_NOT_POSITIVE'))
    .max(2_147_483_647, msg('ID_TOO_LARGE')),
});
export const InviteParamsSchema = z.object({
  id: MemberParamsSchema.shape.id,
  inviteId: MemberParamsSchema.shape.userId,
});

export const ChangeRoleInputSchema = z.object({ role: MemberRoleSchema });
export type ChangeRoleInput = z.input<typeof ChangeRoleInputSchema>;

/** An invitation by link (no phone) or to a phone number. */
export const CreateInviteInputSchema = z.object({
  role: MemberRoleSchema.optional().default(MemberRole.MEMBER),
  phone: z.preprocess(blankToNull, PhoneSchema.nullable()).optional().default(null),
});
export type CreateInviteInput = z.input<typeof CreateInviteInputSchema>;

export const InviteSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  role: MemberRoleSchema,
  /** The invited number, for the coordinators who sent it; null for a link. */
  phone: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteListSchema = z.array(InviteSchema);

/** A new link invitation: the token is shown this once; only its hash is kept. */
export const CreatedInviteSchema = InviteSchema.extend({ token: z.string().nullable(), link: z.string().nullable() });
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

export const JoinInputSchema = z.object({
  token: z
    .string({ error: msg('INVITE_INVALID') })
    .trim()
    .min(20, msg('INVITE_INVALID'))
    .max(100, msg('INVITE_INVALID')),
});
export type JoinInput = z.input<typeof JoinInputSchema>;

/** A phone invitation waiting for the signed-in person (their number was invited). */
export const PendingInviteSchema = z.object({
  id: z.number().int(),
  organisation: OrganisationBadgeSchema,
  role: MemberRoleSchema,
  expiresAt: z.string(),
});
export type PendingInvite = z.infer<typeof PendingInviteSchema>;
export const PendingInviteListSchema = z.array(PendingInviteSchema);

/** One request asked for as the organisation, as its members see it (the pickup code is read apart). */
export const OrganisationRequestSchema = z.object({
  id: z.number().int(),
  donationId: z.number().int(),
  foodName: z.string(),
  status: z.string(),
  requesterName: z.string(),
  donorName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OrganisationRequest = z.infer<typeof OrganisationRequestSchema>;
export const OrganisationRequestListSchema = z.array(OrganisationRequestSchema);

export const ReviewDecision = { VERIFIED: 'VERIFIED', MORE_INFO_REQUESTED: 'MORE_INFO_REQUESTED' } as const;
export type ReviewDecision = (typeof ReviewDecision)[keyof typeof ReviewDecision];

export const ReviewInputSchema = z.object({
  decision: z.enum([ReviewDecision.VERIFIED, ReviewDecision.MORE_INFO_REQUESTED], { error: msg('REVIEW_DECISION_CHOOSE') }),
  note: requiredText('NOTE', REVIEW_NOTE_MAX),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;

export const ReviewQueueQuerySchema = z.object({
  ...PageQueryShape,
  status: z.preprocess((value) => (value === '' ? undefined : value), OrganisationStatusSchema.optional().default(OrganisationStatus.PENDING)),
});

/** What an admin checks: the identifiers, by hand, against the FSSAI and NGO Darpan registers. */
export const ReviewItemSchema = OrganisationSchema.omit({ verifiedAt: true, myRole: true }).extend({ memberCount: z.number().int() });
export type ReviewItem = z.infer<typeof ReviewItemSchema>;
export const ReviewItemListSchema = z.array(ReviewItemSchema);
