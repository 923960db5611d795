import { ReportSchema } from '@annadaan/contract/moderation';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { clearReportDetailsBy, listReportsBy } from './moderation-repository';

/**
 * The reports a person filed. On deletion the reports stay in the moderation history (admins'
 * decisions and the audit log refer to them), without the words the person wrote.
 */
export const reportsAccountData = accountDataPart({
  key: 'reports',
  schema: z.array(ReportSchema),
  exportUserData: (db, userId) => listReportsBy(db, userId),
  eraseUserData: (trx, userId) => clearReportDetailsBy(trx, userId),
});
