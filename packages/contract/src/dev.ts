import { z } from 'zod';

/** `GET /api/dev/outbox`: what the built-in notifier sent, for tests and the demo. */
export const OutboxMessageSchema = z.object({
  email: z.string(),
  contactNumber: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
  /** email, or the WhatsApp/SMS channel a message would have gone on without its provider (issue 31), with its template. */
  channel: z.enum(['email', 'whatsapp', 'sms']),
  template: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
