import type { Language } from '@annadaan/contract/language';
import type { MessagingChannel } from '@annadaan/contract/messaging';
import { expect } from 'vitest';
import type { LocalMessagingProvider, Received } from '../../../scripts/local-messaging-provider.mjs';
import { toIso } from '../src/lib/clock';
import type { TestContext } from './test-app';
import { type TestUser, createTestUser } from './test-users';

/** The public address messages link to in these tests: short enough for one SMS variable. */
export const MESSAGING_PUBLIC_URL = 'https://annadaan.test';

/**
 * Makes the app listen on loopback (port 0: the system picks) so the local provider's callbacks
 * reach it over HTTP, as Meta's and MSG91's do; answers its address.
 */
export async function listenForCallbacks(ctx: TestContext, provider: LocalMessagingProvider): Promise<void> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  provider.setAppUrl(`http://127.0.0.1:${address.port}`);
}

/** A person whose number is verified, in a language, with the channels given switched on (handover and alerts). */
export async function verifiedPerson(
  ctx: TestContext,
  label: string,
  { role = 'DONOR', language = 'en', channels = [] }: { role?: 'DONOR' | 'RECEIVER'; language?: Language; channels?: MessagingChannel[] } = {},
): Promise<TestUser> {
  const person = await createTestUser(ctx, { role, fullName: `${label} person` });
  await ctx.database.db
    .updateTable('users')
    .set({ phone_verified_at: toIso(ctx.clock.now()), language })
    .where('id', '=', person.id)
    .execute();
  if (channels.length > 0) {
    const body = Object.fromEntries(channels.map((channel) => [channel, { handover: true, alerts: true }]));
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/me/messaging/consent', headers: person.headers, payload: body });
    expect(response.statusCode, response.body).toBe(200);
  }
  return person;
}

/** What the local provider received for a number. */
export function receivedBy(provider: LocalMessagingProvider, phone: string): Received[] {
  return provider.received.filter((message) => message.to === phone);
}

/** Runs everything due, moves past the messaging wait, and runs again: what a person gets when they leave a notice unread. */
export async function runPastTheWait(ctx: TestContext): Promise<void> {
  await ctx.app.jobs.runDue();
  ctx.clock.advance(ctx.config.messagingWaitMs + 1000);
  await ctx.app.jobs.runDue();
  // Messages that jobs wrote while running (a fallback, a confirmation) go too.
  await ctx.app.jobs.runDue();
}
