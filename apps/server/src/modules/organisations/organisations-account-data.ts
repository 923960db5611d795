import { MemberRoleSchema, OrganisationKindSchema } from '@annadaan/contract/organisations';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { organisationIdsOf } from './organisations-membership';
import { deletePhoneInvitesTo, listAllMembershipsOf, phoneOf } from './organisations-repository';
import { leaveAllOrganisations } from './organisations-service';

const MembershipExportSchema = z.object({
  organisationId: z.number().int(),
  name: z.string(),
  kind: OrganisationKindSchema,
  city: z.string(),
  role: MemberRoleSchema,
  joinedAt: z.string(),
  /** Whether this person created the organisation. */
  creator: z.boolean(),
});

/**
 * The person's memberships. On erasure they leave every organisation (the organisation stays, and
 * a coordinator's role passes to the longest-standing member when none is left), and the
 * invitations sent to their phone number go.
 */
export const organisationsAccountData = accountDataPart({
  key: 'organisations',
  schema: z.array(MembershipExportSchema),
  exportUserData: async (db, userId) =>
    (await listAllMembershipsOf(db, userId)).map((row) => ({
      organisationId: row.organisationId,
      name: row.name,
      kind: MembershipExportSchema.shape.kind.parse(row.kind),
      city: row.city,
      role: MembershipExportSchema.shape.role.parse(row.role),
      joinedAt: row.joinedAt,
      creator: row.createdBy === userId,
    })),
  eraseUserData: async (trx, userId) => {
    await leaveAllOrganisations(trx, userId, await organisationIdsOf(trx, userId));
    const phone = await phoneOf(trx, userId);
    if (phone !== null) await deletePhoneInvitesTo(trx, phone);
  },
});
