import { ContactMessageSchema } from '@annadaan/contract/contact';
import { z } from 'zod';
import { accountDataPart, allPages } from '../../lib/account-data';
import { deleteMessagesOf, listMessagesOf } from './contact-repository';

/**
 * Messages sent through Contact & Help. Only those sent signed in are exported (an email is not
 * proof of whose it is); on deletion those and the ones from the account's email go.
 */
export const contactAccountData = accountDataPart({
  key: 'contactMessages',
  schema: z.array(ContactMessageSchema),
  exportUserData: (db, userId) => allPages((page) => listMessagesOf(db, userId, page)),
  eraseUserData: (trx, userId, { email }) => deleteMessagesOf(trx, userId, email),
});
