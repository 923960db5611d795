import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { eraseVolunteer, volunteerDataOf } from './volunteers-repository';

const VolunteerExportSchema = z.object({
  record: z
    .object({
      status: z.string(),
      area_label: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      radius_km: z.number(),
      travel_mode: z.string(),
      walkthrough_version: z.string(),
      walkthrough_completed_at: z.string(),
      terms_version: z.string(),
      terms_accepted_at: z.string(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
      decision_note: z.string().nullable(),
    })
    .nullable(),
  decisions: z.array(z.object({ decision: z.string(), note: z.string(), organisationId: z.number().nullable(), at: z.string() })),
});

/** The person's volunteer record (with the walkthrough and terms versions they completed) and the decisions on it. */
export const volunteersAccountData = accountDataPart({
  key: 'volunteering',
  schema: VolunteerExportSchema,
  exportUserData: async (db, userId) => {
    const data = await volunteerDataOf(db, userId);
    return {
      record: data.record
        ? { ...data.record, latitude: Number(data.record.latitude), longitude: Number(data.record.longitude), radius_km: Number(data.record.radius_km) }
        : null,
      decisions: data.decisions,
    };
  },
  eraseUserData: (trx, userId) => eraseVolunteer(trx, userId),
});
