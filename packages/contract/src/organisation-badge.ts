import { msg } from './coded-message';
import { z } from 'zod';

/*
 * The two organisation schemas donations and requests carry (issue 32), apart from organisations.ts
 * so the browse and donation screens do not load the organisations' other schemas.
 */

/** The organisation a donation is given as or a request is made for; empty or absent is the person alone. */
export const OrganisationChoiceSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
  z
    .number({ error: msg('ORGANISATION_NOT_FOUND') })
    .int(msg('ORGANISATION_NOT_FOUND'))
    .positive(msg('ORGANISATION_NOT_FOUND'))
    .max(2_147_483_647, msg('ORGANISATION_NOT_FOUND'))
    .optional(),
);

/** The badge a donation or a request carries when it is given or asked for as an organisation. */
export const OrganisationBadgeSchema = z.object({ id: z.number().int(), name: z.string(), verified: z.boolean() });
export type OrganisationBadge = z.infer<typeof OrganisationBadgeSchema>;
