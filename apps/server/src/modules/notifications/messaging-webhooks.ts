import crypto from 'node:crypto';
import type { MessagingChannel } from '@annadaan/contract/messaging';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { acceptRequest, rejectRequest } from '../requests/requests-service';
import { enqueueJob } from '../jobs/job-queue';
import { systemMessageJob } from './messaging-delivery';
import { firstSighting, recordProviderStatus, spendRequestTokens, useReplyToken, writeConsent } from './messaging-repository';
import { type TemplateKey, type TemplateValues, shortUrl } from './messaging-templates';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'बंद']);
const START_WORDS = new Set(['START', 'UNSTOP', 'चालू']);
const CHANNEL_NAMES: Record<MessagingChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/** Equal strings in constant time (different lengths are simply unequal). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** `sha256=<hex HMAC-SHA256 of the raw body under the app secret>`, as Meta signs. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${crypto.createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

const WhatsAppWebhookSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({ id: z.string().max(200), status: z.string().max(40), errors: z.array(z.object({ code: z.number().optional() })).optional() }),
                    )
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        from: z.string().max(20),
                        type: z.string().max(40),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                        button: z.object({ payload: z.string().max(512), text: z.string().max(100).optional() }).optional(),
                        interactive: z.object({ button_reply: z.object({ id: z.string().max(512) }).optional() }).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/**
 * MSG91's JSON delivery report (its webhook v3: `requestId`, `number`, `status` "1" delivered / "2"
 * failed / "16" rejected, `desc`), one or several under `data`; or an inbound keyword.
 */
const SmsReportSchema = z.object({
  requestId: z.string().max(200).optional(),
  status: z
    .union([z.string().max(40), z.number().int()])
    .transform(String)
    .optional(),
  desc: z.string().max(300).optional(),
  description: z.string().max(300).optional(),
  /** An inbound SMS (a STOP/START keyword) instead of a report. */
  from: z.string().max(20).optional(),
  text: z.string().max(1000).optional(),
  id: z.string().max(200).optional(),
});
const SmsWebhookSchema = z.union([SmsReportSchema, z.object({ data: z.array(SmsReportSchema).max(1000) })]);

/** A sender's number as stored (+91 and ten digits), or null when it is not an Indian mobile number. */
function storedNumber(from: string): string | null {
  const match = /^(?:\+?91)?([6-9]\d{9})$/.exec(from.replace(/\D/g, ''));
  return match ? `+91${match[1]}` : null;
}

const SMS_STATUSES: Record<string, string> = {
  DELIVERED: 'delivered',
  '1': 'delivered',
  FAILED: 'failed',
  '2': 'failed',
  REJECTED: 'failed',
  '16': 'failed',
  SENT: 'sent',
};

/**
 * The providers' callbacks (decision 049). Each is authenticated before it is read: WhatsApp by
 * the HMAC of the raw body under the app secret, SMS by our shared secret in a header. An event
 * already seen (by its id) changes nothing, so a replay is harmless.
 */
export const messagingWebhooks: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: these routes keep the raw bytes, since the signature is over them.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    try {
      done(null, raw.length === 0 ? {} : JSON.parse(raw.toString('utf8')));
    } catch {
      done(null, undefined);
    }
  });

  const tags = ['webhooks'];

  app.get(
    '/api/webhooks/whatsapp',
    {
      schema: {
        tags,
        summary: "Meta's webhook handshake: answers hub.challenge when hub.verify_token is ours",
        querystring: z.object({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(200).optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const expected = app.config.whatsappVerifyToken;
      const query = request.query;
      if (!expected || query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'] ?? '', expected) || !query['hub.challenge']) {
        throw forbidden('WEBHOOK_VERIFY_TOKEN_WRONG');
      }
      return reply.type('text/plain').send(query['hub.challenge']);
    },
  );

  app.post(
    '/api/webhooks/whatsapp',
    { schema: { tags, summary: 'WhatsApp status callbacks and replies, signed with X-Hub-Signature-256' } },
    async (request) => {
      const secret = app.config.whatsapp?.appSecret;
      const given = request.headers['x-hub-signature-256'];
      if (!secret || typeof given !== 'string' || !request.rawBody || !sameSecret(given, whatsappSignature(secret, request.rawBody))) {
        throw unauthorized('WEBHOOK_SIGNATURE_INVALID');
      }
      const parsed = WhatsAppWebhookSchema.safeParse(request.body);
      // Signed by Meta but not understood: acknowledged, so it is not sent again and again.
      if (!parsed.success) return { ok: true };
      const now = app.clock.now();
      for (const entry of parsed.data.entry) {
        for (const change of entry.changes) {
          for (const status of change.value?.statuses ?? []) {
            if (!(await firstSighting(app.db, `wa-status:${status.id}:${status.status}`, now))) continue;
            const code = status.errors?.[0]?.code;
            await recordProviderStatus(app.db, 'whatsapp', status.id, status.status, code === undefined ? null : `error ${code}`, now);
          }
          for (const message of change.value?.messages ?? []) {
            if (!(await firstSighting(app.db, `wa-message:${message.id}`, now))) continue;
            const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
            if (payload) await answerButton(app, message.from, payload, now);
            else if (message.text) await keyword(app, 'whatsapp', message.from, message.text.body, now);
          }
        }
      }
      return { ok: true };
    },
  );

  app.post(
    '/api/webhooks/sms',
    { schema: { tags, summary: 'SMS delivery reports and STOP/START replies, with our shared secret in X-Webhook-Secret' } },
    async (request) => {
      const secret = app.config.smsWebhookSecret;
      const given = request.headers['x-webhook-secret'];
      if (!secret || typeof given !== 'string' || !sameSecret(given, secret)) throw unauthorized('WEBHOOK_SIGNATURE_INVALID');
      const parsed = SmsWebhookSchema.safeParse(request.body);
      if (!parsed.success) return { ok: true };
      const now = app.clock.now();
      const reports = 'data' in parsed.data ? parsed.data.data : [parsed.data];
      for (const report of reports) {
        if (report.from && report.text !== undefined) {
          if (
            await firstSighting(
              app.db,
              `sms-message:${
                report.id ??
                crypto
                  .createHash('sha256')
                  .update(request.rawBody ?? '')
                  .digest('hex')
              }`,
              now,
            )
          ) {
            await keyword(app, 'sms', report.from, report.text, now);
          }
          continue;
        }
        if (!report.requestId || !report.status) continue;
        const status = SMS_STATUSES[report.status.toUpperCase()] ?? null;
        if (!status || !(await firstSighting(app.db, `sms-status:${report.requestId}:${status}`, now))) continue;
        await recordProviderStatus(app.db, 'sms', report.requestId, status, report.desc ?? report.description ?? null, now);
      }
      return { ok: true };
    },
  );
};

/** The verified accounts whose number this is (a number can be on more than one account). */
async function verifiedOwners(app: FastifyInstance, from: string): Promise<number[]> {
  const phone = storedNumber(from);
  if (!phone) return [];
  const rows = await app.db
    .selectFrom('users')
    .select('id')
    .where('contact_number', '=', phone)
    .where('phone_verified_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => Number(row.id));
}

async function tell(app: FastifyInstance, userId: number, channel: MessagingChannel, key: TemplateKey, values: TemplateValues, now: Date) {
  await enqueueJob(app.db, systemMessageJob(userId, channel, key, values, now));
}

/** STOP switches the channel off at once (both groups), START switches handover messages back on; each is confirmed. */
async function keyword(app: FastifyInstance, channel: MessagingChannel, from: string, text: string, now: Date) {
  const word = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const stop = STOP_WORDS.has(word);
  if (!stop && !START_WORDS.has(word)) return;
  for (const userId of await verifiedOwners(app, from)) {
    await app.db.transaction().execute(async (trx) => {
      if (stop) {
        await writeConsent(trx, userId, channel, 'handover', false, 'reply', now);
        await writeConsent(trx, userId, channel, 'alerts', false, 'reply', now);
      } else {
        await writeConsent(trx, userId, channel, 'handover', true, 'reply', now);
      }
    });
    await tell(app, userId, channel, stop ? 'CHANNEL_OFF' : 'CHANNEL_ON', { subject: CHANNEL_NAMES[channel] }, now);
  }
}

/**
 * A tap on Accept or Decline. Acts only for the donor the token was made for, from that donor's
 * verified number, once, while fresh, through the same service as the app's buttons (its
 * one-winner transaction decides between racing taps and app clicks). Anything else changes
 * nothing and is answered plainly, when the sender is someone we may message.
 */
async function answerButton(app: FastifyInstance, from: string, token: string, now: Date) {
  const owners = await verifiedOwners(app, from);
  const link = shortUrl(app.config.publicBaseUrl, 'r');
  for (const donorId of owners) {
    const used = await useReplyToken(app.db, token, donorId, now);
    if (!used) continue;
    const request = await app.db
      .selectFrom('donation_requests')
      .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
      .select(['donations.food_name'])
      .where('donation_requests.id', '=', used.requestId)
      .executeTakeFirst();
    try {
      if (used.action === 'accept') await acceptRequest(app.db, donorId, used.requestId, now);
      else await rejectRequest(app.db, donorId, used.requestId, now);
    } catch (error) {
      app.log.info(
        { err: error instanceof Error ? error.message : 'refused', requestId: used.requestId },
        'a WhatsApp reply found the request already answered or gone',
      );
      await tell(app, donorId, 'whatsapp', 'REPLY_REFUSED', { link }, now);
      return;
    }
    await spendRequestTokens(app.db, used.requestId, now);
    await tell(app, donorId, 'whatsapp', used.action === 'accept' ? 'REPLY_ACCEPTED' : 'REPLY_DECLINED', { food: request?.food_name ?? '', link }, now);
    return;
  }
  // Forged, replayed, late or from another number: nothing changed. Someone we may message is told so.
  const [someone] = owners;
  if (someone !== undefined) await tell(app, someone, 'whatsapp', 'REPLY_REFUSED', { link: shortUrl(app.config.publicBaseUrl, 'n') }, now);
}
