import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@annadaan/contract/push';
import type { FastifyInstance } from 'fastify';
import type { ChannelSender, DeliverableNotification, DeliveryOutcome } from './channels';
import { endpointProblem, publicOnlyLookup } from './push-endpoint-guard';
import { type StoredPushSubscription, deleteSubscriptionById, subscriptionsOf } from './push-repository';

/** Food lives about four hours; a push that waits longer at the push service is no use. */
const TTL_SECONDS = 4 * 60 * 60;
/** Kinds someone should act on at once get `Urgency: high` (woken from battery saving). */
const URGENT_KINDS: ReadonlySet<string> = new Set([
  'REQUEST_RECEIVED',
  'REQUEST_ACCEPTED',
  'REQUEST_WAITING',
  'PICKUP_REMINDER',
  'NEARBY_DONATION',
  'ACCOUNT_SECURITY',
  'LISTING_HIDDEN',
  'RUN_AVAILABLE',
  'RUN_UPDATE',
  // An offer from a waitlist lasts minutes.
  'WAITLIST',
]);
const SEND_TIMEOUT_MS = 10_000;
/** The push service's answer body is never needed; read at most this much to free the socket. */
const MAX_ANSWER_BYTES = 4096;

/** The answer of a push service to one message. */
type SendResult = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'refused'; status: number } | { kind: 'retry'; reason: string };

/**
 * What a push message carries: the notification as the centre shows it. Titles and bodies are
 * written short and without private data (decision 019); the link is an app path. They are in the
 * recipient's language, which `lang` names so the phone shows (and reads aloud) them right.
 */
export function pushPayload(notification: DeliverableNotification): PushPayload {
  return {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    lang: notification.language,
  };
}

/**
 * The Web Push channel: each of the recipient's subscriptions gets the notification, encrypted
 * for that browser (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292) by the
 * `web-push` package; the HTTP request is made here so the address check runs on the socket's
 * own DNS answer. A subscription the push service calls gone (404/410) is removed; 429, 5xx and
 * network failures throw so the queue tries again later. A repeat after a retry is harmless: the
 * service worker shows it under the notification's id as tag (replacing, not adding), and the
 * push service's Topic header collapses a copy still waiting there.
 */
export function createPushChannel(app: FastifyInstance): ChannelSender {
  const allowedOrigins = app.config.pushAllowedOrigins;
  // Kept-alive sockets wait unref'd in the agent (Node's keepSocketAlive), so they hold up no shutdown.
  const guardedAgent = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: publicOnlyLookup });

  async function sendOne(subscription: StoredPushSubscription, payload: string, notification: DeliverableNotification): Promise<SendResult> {
    const problem = endpointProblem(subscription.endpoint, allowedOrigins, 'send');
    if (problem) return { kind: 'refused', status: 0 };
    const keys = await app.pushKeys.get();
    // Loaded with the first push sent, not at start (decision 047).
    const { default: webpush } = await import('web-push');
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: app.config.pushContact, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: URGENT_KINDS.has(notification.kind) ? 'high' : 'normal',
        topic: `n${notification.id}`,
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(details.endpoint);
    const allowed = allowedOrigins.includes(url.origin);
    try {
      const status = await post(url, details.headers, details.body, allowed ? undefined : guardedAgent);
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) return { kind: 'retry', reason: `the push service at ${url.origin} answered ${status}` };
      return { kind: 'refused', status };
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'EPUSHREFUSED') return { kind: 'refused', status: 0 };
      return { kind: 'retry', reason: `the push service at ${url.origin} could not be reached (${error instanceof Error ? error.message : 'unknown error'})` };
    }
  }

  return {
    channel: 'push',
    async deliver(notification) {
      const subscriptions = await subscriptionsOf(app.db, notification.userId);
      if (subscriptions.length === 0) return { status: 'skipped', reason: 'no push subscription' };
      const payload = JSON.stringify(pushPayload(notification));
      const results = await Promise.all(subscriptions.map((subscription) => sendOne(subscription, payload, notification)));

      let sent = 0;
      const retries: string[] = [];
      const refusals: number[] = [];
      for (const [index, result] of results.entries()) {
        const subscription = subscriptions[index];
        if (!subscription) continue;
        if (result.kind === 'sent') sent += 1;
        else if (result.kind === 'retry') retries.push(result.reason);
        else if (result.kind === 'gone') {
          await deleteSubscriptionById(app.db, subscription.id);
          app.log.info({ subscriptionId: subscription.id, status: result.status }, 'push subscription gone; removed');
        } else if (result.status === 0) {
          // An endpoint that now points at a private address (or was stored before a rule tightened): never posted to, so dropped.
          await deleteSubscriptionById(app.db, subscription.id);
          app.log.warn({ subscriptionId: subscription.id }, 'push endpoint is not a public https push service; subscription removed');
        } else {
          refusals.push(result.status);
          app.log.warn({ subscriptionId: subscription.id, status: result.status }, 'push service refused the message');
        }
      }
      if (retries.length > 0) throw new Error(`Web Push: ${retries.length} of ${subscriptions.length} subscriptions to try again: ${retries.join('; ')}`);
      if (sent > 0) return { status: 'sent' } satisfies DeliveryOutcome;
      if (refusals.length > 0) return { status: 'skipped', reason: `push service refused (${refusals.join(', ')})` };
      return { status: 'skipped', reason: 'every push subscription was gone' };
    },
  };
}

/** POSTs one push message and resolves with the status; the body of the answer is drained and dropped. */
function post(url: URL, headers: Record<string, string | number>, body: Buffer | null, agent: https.Agent | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: SEND_TIMEOUT_MS,
        ...(agent ? { agent, lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
