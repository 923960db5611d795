import { AlertSchema } from '@annadaan/contract/alerts';
import { z } from 'zod';
import { accountDataPart } from '../../lib/account-data';
import { deleteAlertsOf, listAlerts } from './alerts-repository';

/** Saved nearby-food alerts (their places are the person's own); on deletion they go. */
export const alertsAccountData = accountDataPart({
  key: 'alerts',
  schema: z.array(AlertSchema),
  exportUserData: (db, userId) => listAlerts(db, userId),
  eraseUserData: (trx, userId) => deleteAlertsOf(trx, userId),
});
