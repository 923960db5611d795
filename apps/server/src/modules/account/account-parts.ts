import type { AccountDataPart } from '../../lib/account-data';
import { alertsAccountData } from '../alerts/alerts-account-data';
import { authAccountData } from '../auth/auth-account-data';
import { blocksAccountData } from '../blocks/blocks-account-data';
import { contactAccountData } from '../contact/contact-account-data';
import { donationsAccountData } from '../donations/donations-account-data';
import { foodNeedsAccountData } from '../food-needs/food-needs-account-data';
import {
  messagingAccountData,
  notificationPreferencesAccountData,
  notificationsAccountData,
  pushSubscriptionsAccountData,
} from '../notifications/notifications-account-data';
import { reportsAccountData } from '../moderation/moderation-account-data';
import { organisationsAccountData } from '../organisations/organisations-account-data';
import { ratingsAccountData } from '../ratings/ratings-account-data';
import { requestsAccountData, waitlistsAccountData } from '../requests/requests-account-data';
import { uploadsAccountData } from '../uploads/uploads-account-data';
import { runsAccountData } from '../runs/runs-account-data';
import { volunteersAccountData } from '../volunteers/volunteers-account-data';
import { userAccountData } from '../user/user-account-data';

/**
 * Every feature's share of an account, in the order erasure runs them: first what tells other
 * people (withdrawn donations and requests record their notifications), then what only erases,
 * the notifications addressed to the person after anything that could still add one, and the
 * account row itself last. The export file has one key per part, in this order.
 *
 * A new feature that holds personal data adds its part here: one import and one line.
 */
export const ACCOUNT_DATA_PARTS: readonly AccountDataPart[] = [
  donationsAccountData,
  requestsAccountData,
  waitlistsAccountData,
  runsAccountData,
  volunteersAccountData,
  foodNeedsAccountData,
  ratingsAccountData,
  alertsAccountData,
  contactAccountData,
  reportsAccountData,
  blocksAccountData,
  organisationsAccountData,
  uploadsAccountData,
  notificationsAccountData,
  notificationPreferencesAccountData,
  pushSubscriptionsAccountData,
  messagingAccountData,
  authAccountData,
  userAccountData,
];
