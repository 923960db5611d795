// A local WhatsApp Cloud API and MSG91 Flow API in one small HTTP server (issue 31; decision 049),
// for the tests and `npm run dev`: it checks what the real services check (the bearer token, the
// authkey, the request's shape), keeps what it received, honours an Idempotency-Key, and posts
// status callbacks and inbound replies to the app, signed as Meta and our SMS secret sign them.
//
//   node scripts/local-messaging-provider.mjs --port 3500 --app http://127.0.0.1:3000
//
// GET /received lists what it received; POST /control/whatsapp-reply `{ from, payload | text }` and
// /control/sms-reply `{ from, text }` play a person's reply. Plain node:http, no dependencies.
import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export const LOCAL_CREDENTIALS = {
  phoneNumberId: '100200300400',
  accessToken: 'local-whatsapp-access-token',
  appSecret: 'local-whatsapp-app-secret',
  verifyToken: 'local-whatsapp-verify-token',
  authKey: 'local-msg91-auth-key',
  smsWebhookSecret: 'local-sms-webhook-secret-0123456789',
  dltEntityId: '1101000000000000001',
  senderId: 'ANNDAN',
};

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * Starts the provider. `port: 0` lets the system pick a free port (tests never pick one at random).
 * Credentials default to LOCAL_CREDENTIALS; `appUrl` is where callbacks go (settable later).
 */
export async function startLocalMessagingProvider(options = {}) {
  const credentials = { ...LOCAL_CREDENTIALS, ...(options.credentials ?? {}) };
  let appUrl = options.appUrl ?? null;
  const received = [];
  const byKey = new Map();
  const refused = { whatsapp: new Set(), sms: new Set() };
  let failuresLeft = 0;
  let counter = 0;
  // While holding, WhatsApp sends are kept but not answered: the sender may die before it hears back.
  let holding = false;
  const held = [];
  const countWaiters = [];
  const noteReceived = () => {
    for (const waiter of [...countWaiters]) {
      if (received.length >= waiter.count) {
        countWaiters.splice(countWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const whatsapp = (request, response, body, phoneNumberId) => {
    if (request.headers.authorization !== `Bearer ${credentials.accessToken}`) {
      return answer(response, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    if (phoneNumberId !== credentials.phoneNumberId)
      return answer(response, 400, { error: { message: 'Unknown phone number id', type: 'OAuthException', code: 100 } });
    let message;
    try {
      message = JSON.parse(body);
    } catch {
      return answer(response, 400, { error: { message: 'Invalid JSON', code: 100 } });
    }
    const template = message?.template;
    if (
      message?.messaging_product !== 'whatsapp' ||
      message.type !== 'template' ||
      typeof message.to !== 'string' ||
      !template?.name ||
      !template?.language?.code
    ) {
      return answer(response, 400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } });
    }
    if (!/^\+?91[6-9]\d{9}$/.test(message.to)) return answer(response, 400, { error: { message: 'Invalid recipient', code: 131030 } });
    if (refused.whatsapp.has(message.to.replace(/^\+/, ''))) return answer(response, 400, { error: { message: 'Recipient not on WhatsApp', code: 131026 } });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return answer(response, 503, { error: { message: 'Service temporarily unavailable', code: 2 } });
    }
    const key = request.headers['idempotency-key'] ?? message.biz_opaque_callback_data;
    if (key && byKey.has(key)) return answer(response, 200, byKey.get(key).answer);
    const components = template.components ?? [];
    const id = `wamid.LOCAL${String(++counter).padStart(8, '0')}${crypto.randomBytes(6).toString('hex')}`;
    const kept = {
      channel: 'whatsapp',
      id,
      to: message.to,
      template: template.name,
      language: template.language.code,
      params: (components.find((component) => component.type === 'body')?.parameters ?? []).map((parameter) => parameter.text),
      buttons: components.filter((component) => component.type === 'button').map((component) => component.parameters?.[0]?.payload),
      idempotencyKey: key ?? null,
      at: new Date().toISOString(),
    };
    received.push(kept);
    const result = { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to.replace(/^\+/, '') }], messages: [{ id }] };
    if (key) byKey.set(key, { answer: result });
    noteReceived();
    if (holding) {
      held.push(() => answer(response, 200, result));
      return undefined;
    }
    return answer(response, 200, result);
  };

  const msg91 = (request, response, body) => {
    if (request.headers.authkey !== credentials.authKey) return answer(response, 401, { type: 'error', message: 'Authentication failure' });
    let flow;
    try {
      flow = JSON.parse(body);
    } catch {
      return answer(response, 400, { type: 'error', message: 'Invalid JSON' });
    }
    const recipient = flow?.recipients?.[0];
    if (!flow?.template_id || !recipient || typeof recipient.mobiles !== 'string')
      return answer(response, 400, { type: 'error', message: 'template_id and recipients are required' });
    if (!/^91[6-9]\d{9}$/.test(recipient.mobiles)) return answer(response, 400, { type: 'error', message: 'Invalid mobile number' });
    if (refused.sms.has(recipient.mobiles)) return answer(response, 200, { type: 'error', message: 'Number is in DND or invalid' });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return answer(response, 500, { type: 'error', message: 'Internal error' });
    }
    const key = request.headers['idempotency-key'];
    if (key && byKey.has(key)) return answer(response, 200, byKey.get(key).answer);
    const id = `${crypto.randomBytes(12).toString('hex')}`;
    const vars = Object.keys(recipient)
      .filter((name) => /^var\d+$/.test(name))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((name) => recipient[name]);
    received.push({
      channel: 'sms',
      id,
      to: `+${recipient.mobiles}`,
      templateId: flow.template_id,
      vars,
      shortUrl: flow.short_url ?? null,
      idempotencyKey: key ?? null,
      at: new Date().toISOString(),
    });
    noteReceived();
    const result = { type: 'success', message: id };
    if (key) byKey.set(key, { answer: result });
    return answer(response, 200, result);
  };

  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://local');
    const whatsappPath = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && whatsappPath) return whatsapp(request, response, body, decodeURIComponent(whatsappPath[1]));
    if (request.method === 'POST' && url.pathname === '/api/v5/flow') return msg91(request, response, body);
    if (request.method === 'GET' && url.pathname === '/received') return answer(response, 200, { received });
    // Control: a person replies (a tap on a button, or STOP/START), for the browser tests and for trying it by hand.
    if (request.method === 'POST' && (url.pathname === '/control/whatsapp-reply' || url.pathname === '/control/sms-reply')) {
      try {
        const { from, payload, text } = JSON.parse(body || '{}');
        const delivered =
          url.pathname === '/control/sms-reply' ? await provider.smsReply(from, text ?? '') : await provider.whatsappReply(from, { payload, text });
        return answer(response, 200, { status: delivered.status });
      } catch (error) {
        return answer(response, 502, { error: { message: error instanceof Error ? error.message : 'reply failed' } });
      }
    }
    return answer(response, 404, { error: { message: 'Unknown path' } });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  const signature = (raw) => `sha256=${crypto.createHmac('sha256', credentials.appSecret).update(raw).digest('hex')}`;
  const envelope = (value) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'LOCAL-WABA',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: credentials.phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
  const deliver = async (path, raw, headers) => {
    if (!appUrl) throw new Error('The local provider does not know the app address yet (setAppUrl).');
    const response = await fetch(`${appUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
    return { status: response.status, body: await response.text() };
  };
  const timestamp = () => String(Math.floor(Date.now() / 1000));

  const provider = {
    url,
    whatsappApiUrl: `${url}/v21.0`,
    msg91BaseUrl: url,
    credentials,
    /** Everything received, oldest first. */
    received,
    setAppUrl(next) {
      appUrl = next;
    },
    /** Refuses messages to this number from now on on a channel (both when not named), as a provider refuses a number that cannot get them. */
    refuse(number, channel) {
      for (const name of channel ? [channel] : ['whatsapp', 'sms']) refused[name].add(number.replace(/^\+/, ''));
    },
    /** From now on WhatsApp sends are kept but not answered, until `release()` (a crash between send and mark). */
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const reply of held.splice(0)) reply();
    },
    /** Resolves once `count` messages in all were received. */
    waitForCount(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => countWaiters.push({ count, resolve }));
    },
    /** The next `count` sends fail with a 5xx. */
    failNext(count) {
      failuresLeft = count;
    },
    /** Signs a WhatsApp webhook body as Meta does: `sha256=` HMAC of the raw bytes under the app secret. */
    signWhatsApp(value) {
      const raw = JSON.stringify(envelope(value));
      return { raw, signature: signature(raw) };
    },
    /** A status callback for a message this provider sent. */
    async whatsappStatus(messageId, status, recipient) {
      const { raw, signature: signed } = provider.signWhatsApp({
        statuses: [{ id: messageId, status, timestamp: timestamp(), recipient_id: recipient?.replace(/^\+/, '') ?? '' }],
      });
      return deliver('/api/webhooks/whatsapp', raw, { 'x-hub-signature-256': signed });
    },
    /** A person's reply: `{ text }` or a quick-reply tap `{ payload, text }`. */
    async whatsappReply(from, reply) {
      const message = {
        from: from.replace(/^\+/, ''),
        id: `wamid.IN${crypto.randomBytes(10).toString('hex')}`,
        timestamp: timestamp(),
        ...(reply.payload
          ? { type: 'button', button: { payload: reply.payload, text: reply.text ?? '' } }
          : { type: 'text', text: { body: reply.text ?? '' } }),
      };
      const { raw, signature: signed } = provider.signWhatsApp({ contacts: [{ wa_id: message.from, profile: { name: 'Local' } }], messages: [message] });
      return { message, ...(await deliver('/api/webhooks/whatsapp', raw, { 'x-hub-signature-256': signed })), raw, signature: signed };
    },
    /** An SMS delivery report, with the shared secret the provider is configured to send. */
    async smsReport(requestId, status, description) {
      // MSG91's webhook v3 (JSON): status "1" delivered, "2" failed, with the words in desc.
      const sent = received.find((message) => message.id === requestId);
      const code = { DELIVERED: '1', FAILED: '2', REJECTED: '16' }[status] ?? status;
      const report = {
        date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        number: sent?.to.replace(/^\+/, '') ?? '',
        senderId: credentials.senderId,
        requestId,
        status: code,
        desc: description ?? status,
      };
      return deliver('/api/webhooks/sms', JSON.stringify(report), { 'x-webhook-secret': credentials.smsWebhookSecret });
    },
    /** An inbound SMS (a STOP or START keyword). */
    async smsReply(from, text) {
      return deliver('/api/webhooks/sms', JSON.stringify({ id: `in-${crypto.randomBytes(8).toString('hex')}`, from: from.replace(/^\+/, ''), text }), {
        'x-webhook-secret': credentials.smsWebhookSecret,
      });
    },
    /** The configuration variables that point the app at this provider. */
    env() {
      return {
        WHATSAPP_API_URL: `${url}/v21.0`,
        WHATSAPP_PHONE_NUMBER_ID: credentials.phoneNumberId,
        WHATSAPP_ACCESS_TOKEN: credentials.accessToken,
        WHATSAPP_APP_SECRET: credentials.appSecret,
        WHATSAPP_VERIFY_TOKEN: credentials.verifyToken,
        MSG91_BASE_URL: url,
        MSG91_AUTH_KEY: credentials.authKey,
        SMS_DLT_ENTITY_ID: credentials.dltEntityId,
        SMS_SENDER_ID: credentials.senderId,
        SMS_WEBHOOK_SECRET: credentials.smsWebhookSecret,
      };
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
  return provider;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argument = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index === -1 ? undefined : process.argv[index + 1];
  };
  const provider = await startLocalMessagingProvider({ port: Number(argument('port') ?? 0), appUrl: argument('app') ?? 'http://127.0.0.1:3000' });
  console.log(`Local WhatsApp and SMS provider on ${provider.url} (GET ${provider.url}/received)`);
  for (const [name, value] of Object.entries(provider.env())) console.log(`${name}=${value}`);
}
