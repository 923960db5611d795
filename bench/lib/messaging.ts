import type { LocalMessagingProvider } from '../../scripts/local-messaging-provider.mjs';

/**
 * Issue 31's proof: from the call that causes a handover notification (a receiver's request) to
 * the WhatsApp provider receiving the donor's message, at a fixed rate of such calls (open loop:
 * a slow answer does not hold the next call back). The server runs with MESSAGING_WAIT_SECONDS=0,
 * so the figure is what comes on top of the configured wait. Every donor verified their number
 * through the API (code by SMS from the local provider) and switched WhatsApp on; quiet hours are
 * off so the time of day does not hold messages.
 */
export interface MessagingResult {
  label: string;
  events: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Messages that did not arrive within 30 s, or calls that failed; in the percentiles as 30 s. */
  missed: number;
}

export interface MessagingPair {
  donorToken: string;
  receiverToken: string;
  donationId: number | null;
}

const MISSED_MS = 30_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function call(base: string, method: string, path: string, token: string, address: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Verifies each donor's number the way a person does, switches WhatsApp on and quiet hours off; answers each donor's +91 number. */
async function prepareDonors(base: string, provider: LocalMessagingProvider, pairs: MessagingPair[], log: (line: string) => void): Promise<string[]> {
  const phones: string[] = [];
  const started = performance.now();
  for (const [index, pair] of pairs.entries()) {
    const address = `10.31.${Math.floor(index / 250)}.${index % 250}`;
    const me = await call(base, 'GET', '/api/me/messaging', pair.donorToken, address);
    const phone = `+91${String(me.json.phone)}`;
    const sent = await call(base, 'POST', '/api/me/phone/verification', pair.donorToken, address, {});
    if (sent.status !== 202) throw new Error(`verification code for donor ${index}: ${sent.status}`);
    const sms = provider.received.filter((message) => message.to === phone && message.channel === 'sms').at(-1);
    const code = sms?.channel === 'sms' ? (sms.vars[0] ?? '') : '';
    const confirmed = await call(base, 'POST', '/api/me/phone/verification/confirm', pair.donorToken, address, { code });
    if (confirmed.status !== 200) throw new Error(`verifying donor ${index}: ${confirmed.status}`);
    await call(base, 'PUT', '/api/me/messaging/consent', pair.donorToken, address, { whatsapp: { handover: true } });
    await call(base, 'PUT', '/api/notification-preferences', pair.donorToken, address, {
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' },
    });
    phones.push(phone);
  }
  log(`verified ${pairs.length} donors' numbers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return phones;
}

export async function benchMessaging(options: {
  label: string;
  base: string;
  provider: LocalMessagingProvider;
  pairs: MessagingPair[];
  rate: number;
  log: (line: string) => void;
}): Promise<MessagingResult> {
  const { base, provider, rate, log } = options;
  const pairs = options.pairs.filter((pair) => pair.donationId !== null);
  const phones = await prepareDonors(base, provider, pairs, log);
  const sentAt = new Map<string, number>();
  let failed = 0;
  const interval = 1000 / rate;
  const begin = performance.now();
  const calls = pairs.map(async (pair, index) => {
    const due = begin + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const phone = phones[index] ?? '';
    sentAt.set(phone, Date.now());
    const answer = await call(base, 'POST', `/api/requests/create/${pair.donationId}`, pair.receiverToken, `10.32.${Math.floor(index / 250)}.${index % 250}`, {
      paymentMethod: '',
    });
    if (answer.status !== 201) failed += 1;
  });
  await Promise.all(calls);
  // Until every message came, or 30 s after the last call.
  const deadline = Date.now() + MISSED_MS;
  const arrived = () =>
    provider.received.filter((message) => message.channel === 'whatsapp' && message.template === 'annadaan_request_received' && sentAt.has(message.to));
  while (arrived().length < pairs.length - failed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies = phones.map((phone) => {
    const message = arrived().find((received) => received.to === phone);
    const sent = sentAt.get(phone) ?? 0;
    return message ? new Date(message.at).getTime() - sent : MISSED_MS;
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    label: options.label,
    events: pairs.length,
    rate,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    missed: latencies.filter((latency) => latency >= MISSED_MS).length + failed,
  };
  log(
    `${options.label}: ${result.events} events at ${rate}/s, event → WhatsApp provider p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, missed ${result.missed}`,
  );
  return result;
}
