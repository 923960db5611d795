import type { RenderedSms, RenderedWhatsApp } from './messaging-templates';

/**
 * The two providers' HTTP protocols (decision 049): Meta's WhatsApp Cloud API and MSG91's Flow
 * API, at configurable base URLs (the local provider in scripts/ speaks both). Neither client
 * logs: errors name the HTTP status and the provider's own error code, never the number, the
 * token or the auth key.
 */

/** A refusal that will never succeed (an invalid number, a rejected template): not retried. */
export class ProviderRefused extends Error {
  override name = 'ProviderRefused';
}

/** Anything that may pass later (5xx, 429, a timeout, a dropped connection): the queue retries. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

export interface SentMessage {
  /** The provider's id of the message: WhatsApp's wamid, MSG91's request id. */
  providerId: string;
}

export interface WhatsAppSend {
  /** E.164, +91 and ten digits. */
  to: string;
  template: RenderedWhatsApp;
  /** One payload per quick-reply button, in the template's order. */
  buttonPayloads: readonly string[];
  /** Stable across retries of one message; a repeat is the same message to a provider that honours it. */
  idempotencyKey: string;
}

export interface SmsSend {
  to: string;
  sms: RenderedSms;
  idempotencyKey: string;
}

export interface WhatsAppProvider {
  send(message: WhatsAppSend): Promise<SentMessage>;
}

export interface SmsProvider {
  send(message: SmsSend): Promise<SentMessage>;
}

const TIMEOUT_MS = 10_000;

/** Enough of a number to tell messages apart in a log or a table, not enough to call it. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `••••••${digits.slice(-4)}`;
}

/** 4xx other than timeouts and throttling will not pass by trying again. */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 401 && status !== 403;
}

async function post(url: string, headers: Record<string, string>, body: unknown, what: string): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderUnavailable(`${what}: ${error instanceof Error ? error.name : 'request failed'}`);
  }
  const text = await response.text();
  return { status: response.status, json: parseJson(text) };
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The provider's own words for a refusal, for admins (decision 049): cut to 120 characters, and
 * any run of 7 or more digits (a number the provider may echo back) masked, since the refusal is
 * stored, logged and shown where only a number's last 4 digits may appear.
 */
export function providerReason(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  const masked = text.replace(/\+?\d[\d ()-]{5,}\d/g, (digits) => `…${digits.replace(/\D/g, '').slice(-4)}`);
  return `: ${masked.trim().slice(0, 120)}`;
}

function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * WhatsApp Cloud API: `POST {WHATSAPP_API_URL}/{phone number id}/messages`, a template message
 * with body parameters and quick-reply payloads. The idempotency key rides in
 * `biz_opaque_callback_data` (Meta hands it back in status callbacks) and an Idempotency-Key
 * header, which the local provider honours.
 */
export function createWhatsAppProvider(options: { apiUrl: string; phoneNumberId: string; accessToken: string }): WhatsAppProvider {
  const url = `${options.apiUrl}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    async send({ to, template, buttonPayloads, idempotencyKey }) {
      const components: unknown[] = [];
      if (template.params.length > 0) components.push({ type: 'body', parameters: template.params.map((text) => ({ type: 'text', text })) });
      buttonPayloads.forEach((payload, index) => {
        components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
      });
      const { status, json } = await post(
        url,
        { authorization: `Bearer ${options.accessToken}`, 'idempotency-key': idempotencyKey },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          biz_opaque_callback_data: idempotencyKey,
          template: { name: template.name, language: { code: template.languageCode }, components },
        },
        'WhatsApp',
      );
      const code = field(json, 'error', 'code');
      if (status >= 400) {
        const detail = `WhatsApp refused the message: HTTP ${status}${code === undefined ? '' : `, error ${String(code)}`}${providerReason(field(json, 'error', 'message'))}`;
        throw isPermanent(status) ? new ProviderRefused(detail) : new ProviderUnavailable(detail);
      }
      const id = field(json, 'messages', 0, 'id');
      if (typeof id !== 'string') throw new ProviderUnavailable(`WhatsApp answered HTTP ${status} without a message id`);
      return { providerId: id };
    },
  };
}

/**
 * MSG91 Flow API: `POST {MSG91_BASE_URL}/api/v5/flow` with the `authkey` header and
 * `{ template_id, short_url, recipients: [{ mobiles: "91…", var1, … }] }`. Our links are already
 * short (PUBLIC_URL/s/x), so MSG91's shortener stays off.
 */
export function createMsg91Provider(options: { baseUrl: string; authKey: string }): SmsProvider {
  const url = `${options.baseUrl}/api/v5/flow`;
  return {
    async send({ to, sms, idempotencyKey }) {
      const recipient: Record<string, string> = { mobiles: to.replace(/^\+/, '') };
      sms.vars.forEach((value, index) => {
        recipient[`var${index + 1}`] = value;
      });
      const { status, json } = await post(
        url,
        { authkey: options.authKey, 'idempotency-key': idempotencyKey },
        { template_id: sms.templateId, short_url: '0', recipients: [recipient] },
        'MSG91',
      );
      const type = field(json, 'type');
      if (status >= 400 || type === 'error') {
        const detail = `MSG91 refused the message: HTTP ${status}${type === 'error' ? ', type error' : ''}${providerReason(field(json, 'message'))}`;
        throw isPermanent(status) || (status < 400 && type === 'error') ? new ProviderRefused(detail) : new ProviderUnavailable(detail);
      }
      const id = field(json, 'message');
      if (typeof id !== 'string' || id.length === 0) throw new ProviderUnavailable(`MSG91 answered HTTP ${status} without a request id`);
      return { providerId: id };
    },
  };
}
