import { z } from 'zod';
import { EmailSchema, requiredText } from './common';
import { PageQueryShape } from './paging';

/** Messages a sender may leave per email address and hour. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 5;

export const ContactInputSchema = z.object({
  name: requiredText('NAME', 100),
  email: EmailSchema,
  subject: requiredText('SUBJECT', 150),
  message: requiredText('MESSAGE', 5000),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ContactReceiptSchema = z.object({ id: z.number().int(), message: z.string() });
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  /** The account that was signed in when it was sent, if any. */
  userId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export const ContactMessageListSchema = z.array(ContactMessageSchema);
export const ContactMessagesQuerySchema = z.object(PageQueryShape);
