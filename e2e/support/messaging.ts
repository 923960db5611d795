import { expect } from '@playwright/test';
import type { Received } from '../../scripts/local-messaging-provider.mjs';

/** The local WhatsApp and SMS provider that playwright.config.ts starts beside the app (E2E_PORT + 3). */
export const LOCAL_MESSAGING_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 3}`;

/** What the provider received for a number (+91 and ten digits). */
export async function receivedBy(phone: string): Promise<Received[]> {
  const response = await fetch(`${LOCAL_MESSAGING_URL}/received`);
  const { received } = (await response.json()) as { received: Received[] };
  return received.filter((message) => message.to === phone);
}

/** Waits until a message with this WhatsApp template or SMS template id reached the number, and answers it. */
export async function waitForMessage(phone: string, template: string): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedBy(phone)).find((message) => (message.channel === 'whatsapp' ? message.template : message.templateId) === template);
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${template} for the number`);
  return found;
}

/** A person's WhatsApp reply: a tap on a quick-reply button (its payload) or a text. */
export async function replyOnWhatsApp(phone: string, reply: { payload?: string; text?: string }): Promise<void> {
  const response = await fetch(`${LOCAL_MESSAGING_URL}/control/whatsapp-reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: phone, ...reply }),
  });
  expect(((await response.json()) as { status: number }).status).toBe(200);
}
