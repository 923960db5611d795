import { z } from 'zod';

/** `GET /api/dev/outbox`: what the built-in notifier sent, for tests and the demo. */
export const OutboxMessageSchema = z.object({
  email: z.string(),
  contactNumber: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
