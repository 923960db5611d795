import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PORTION_RULE_DEFAULTS, type PortionRules } from '@annadaan/contract/portions';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** OpenStreetMap's standard tile server and the credit its tile usage policy asks for. */
/** Meta's Graph API, with the version the WhatsApp Cloud API calls were written against. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';
export const DEFAULT_MSG91_BASE_URL = 'https://control.msg91.com';

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** "a, b,,c " → ["a", "b", "c"]: a variable's comma list, each entry trimmed, empty ones dropped. */
function commaList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Where a tile URL template's images come from, as a Content-Security-Policy source
 * (`https://tile.openstreetmap.org`, or `https://*.tile.example` for a `{s}` subdomain), or null
 * when the template is not an http(s) URL with {z}, {x} and {y}.
 */
export function tileImageSource(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return null;
  let url: URL;
  try {
    url = new URL(template.replaceAll('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.protocol}//${url.host.replace('tile-subdomain', '*')}`;
}

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://annadaan.example' }).optional(),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform(commaList)
      .pipe(z.array(z.url({ error: 'every origin must be a URL such as https://app.example' }))),
    DEMO_DATA: booleanFlag.optional(),
    DEV_OUTBOX: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'use json or pretty' }).optional(),
    WEB_DIST_DIR: z.string().optional(),
    GEOCODER_URL: z.url({ error: 'must be an absolute URL' }).default('https://nominatim.openstreetmap.org'),
    MAP_TILE_URL: z
      .string()
      .default(DEFAULT_MAP_TILE_URL)
      .refine((value) => tileImageSource(value) !== null, {
        message: 'must be an http(s) tile URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
    MAP_TILE_ATTRIBUTION: z.string().max(1000).default(DEFAULT_MAP_TILE_ATTRIBUTION),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (typeof trust === 'string') {
          ctx.addIssue({ code: 'custom', message: trust });
          return z.NEVER;
        }
        return trust;
      }),
    PASSWORD_HASH_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(2),
    PASSWORD_HASH_QUEUE: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000).default(32),
    EXPIRY_SWEEP_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(86_400).default(60),
    JOB_POLL_INTERVAL_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(3_600_000).default(1000),
    JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(5).max(3600).default(120),
    UPLOAD_STORE: z.enum(['folder', 'database'], { error: 'use folder or database' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example:465')
      .optional(),
    SMTP_FROM: z.string().min(3).max(200).optional(),
    PUSH_CONTACT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL where push services can reach the operator')
      .optional(),
    PUSH_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform(commaList)
      .pipe(z.array(z.url({ error: 'every origin must be a URL such as http://127.0.0.1:3312' }).transform((origin) => new URL(origin).origin))),
    WHATSAPP_API_URL: z.url({ error: 'must be an absolute URL such as https://graph.facebook.com/v21.0' }).default(DEFAULT_WHATSAPP_API_URL),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, 'must be the digits of the WhatsApp phone number id')
      .optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().min(10, 'must be the access token Meta gave').optional(),
    WHATSAPP_APP_SECRET: z.string().min(8, 'must be the app secret Meta gave').optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
    MSG91_BASE_URL: z.url({ error: 'must be an absolute URL such as https://control.msg91.com' }).default(DEFAULT_MSG91_BASE_URL),
    MSG91_AUTH_KEY: z.string().min(8, 'must be the MSG91 auth key').optional(),
    SMS_DLT_ENTITY_ID: z
      .string()
      .regex(/^\d{10,25}$/, 'must be the DLT principal entity id (digits)')
      .optional(),
    SMS_SENDER_ID: z
      .string()
      .regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender header, e.g. ANNDAN')
      .optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    MESSAGING_WAIT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(3600).default(120),
    MESSAGES_PER_PERSON_PER_DAY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(30),
    // Issue 33: fair shares and the waitlist (contract PORTION_RULE_DEFAULTS).
    PORTION_DAILY_CAP: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(PORTION_RULE_DEFAULTS.dailyCap),
    PORTION_DAILY_CAP_ORGANISATION: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(1)
      .max(100_000)
      .default(PORTION_RULE_DEFAULTS.organisationDailyCap),
    WAITLIST_OFFER_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(120).default(PORTION_RULE_DEFAULTS.offerMinutes),
    PORTION_COLLECT_MINUTES: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(5)
      .max(24 * 60)
      .default(PORTION_RULE_DEFAULTS.collectMinutes),
    WHATSAPP_DAILY_CAP: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000),
    SMS_DAILY_CAP: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000),
  })
  .superRefine((values, ctx) => {
    // The outbox shows reset codes to anyone who asks: it exists for demos and tests only.
    if (values.NODE_ENV === 'production' && values.DEV_OUTBOX) {
      ctx.addIssue({ code: 'custom', path: ['DEV_OUTBOX'], message: 'must not be true when NODE_ENV=production' });
    }
    // Links in emails must lead to the address people use, not to this machine's own name.
    if (values.NODE_ENV === 'production' && values.SMTP_URL && !values.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be set when SMTP_URL is set (links in emails are made from it)' });
    }
    // A channel is on when its credentials are set; then everything it needs must be there.
    if (values.WHATSAPP_ACCESS_TOKEN || values.WHATSAPP_PHONE_NUMBER_ID) {
      for (const name of ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET'] as const) {
        if (!values[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when WhatsApp is on (WHATSAPP_ACCESS_TOKEN or WHATSAPP_PHONE_NUMBER_ID is set)' });
      }
    }
    if (values.MSG91_AUTH_KEY) {
      for (const name of ['SMS_DLT_ENTITY_ID', 'SMS_SENDER_ID', 'SMS_WEBHOOK_SECRET'] as const) {
        if (!values[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when SMS is on (MSG91_AUTH_KEY is set)' });
      }
    }
    // A message's link (PUBLIC_URL/s/x) must fit one DLT variable of 40 characters.
    if (values.MSG91_AUTH_KEY && values.PUBLIC_URL && values.PUBLIC_URL.replace(/\/+$/, '').length > 36) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be at most 36 characters when SMS is on (a link in an SMS is one 40-character variable)',
      });
    }
    if ((values.MSG91_AUTH_KEY || values.WHATSAPP_ACCESS_TOKEN) && values.NODE_ENV === 'production' && !values.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be set when WhatsApp or SMS is on (links in messages are made from it)' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  sqlitePath: string;
  uploadsDir: string;
  publicUrl: string | undefined;
  corsOrigins: string[];
  /** Load demo data into an empty database. Undefined means "only for the embedded database". */
  demoData: boolean | undefined;
  devOutbox: boolean;
  logLevel: string;
  /** json: one JSON object per line (the default with NODE_ENV=production); pretty: one short line per record. */
  logFormat: 'json' | 'pretty';
  webDistDir: string | undefined;
  geocoderUrl: string;
  /** The map's tile URL template (Leaflet's {s}/{z}/{x}/{y}) and its attribution (HTML, shown on every map). */
  mapTileUrl: string;
  mapTileAttribution: string;
  /**
   * Which proxies in front of the server to believe about the client's address: false (none), a
   * hop count, or a list of proxy addresses and CIDR ranges. Never `true`, which would believe the
   * leftmost X-Forwarded-For, the part the client writes.
   */
  trustProxy: false | number | string[];
  /** Password and code hashes (argon2id) running at once, and how many more may wait before 503. */
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  /** Where uploaded pictures go: `DATA_DIR/uploads` (embedded default) or the database, which every instance reads. */
  uploadStore: 'folder' | 'database';
  /** How often each instance tries the expiry sweep (one at a time runs it). */
  expirySweepIntervalMs: number;
  /** How often the job runner looks for due jobs besides being woken; 0 turns the runner off (tests drive it). */
  jobPollIntervalMs: number;
  /** How long a claimed job is its runner's before another takes it as abandoned (a crashed process's). */
  jobLeaseMs: number;
  /** Where email goes out (nodemailer URL, may hold a password: never logged); unset keeps messages in the log and dev outbox. */
  smtpUrl: string | undefined;
  /** The From of every email. */
  mailFrom: string;
  /** The address links in emails start with: PUBLIC_URL, else this server on localhost; no trailing slash. */
  publicBaseUrl: string;
  /** Web Push: the VAPID subject, how a push service reaches the operator (mailto: or https:). */
  pushContact: string;
  /**
   * Web Push: origins the server may post to although they are not https on a public address
   * (a local push service in tests). Empty in production.
   */
  pushAllowedOrigins: string[];
  /** WhatsApp Cloud API: null when its credentials are unset (messages then go to the dev outbox). */
  whatsapp: { apiUrl: string; phoneNumberId: string; accessToken: string; appSecret: string } | null;
  /** Answers Meta's webhook handshake; null: the handshake is refused. */
  whatsappVerifyToken: string | null;
  /** MSG91 Flow API: null when MSG91_AUTH_KEY is unset (messages then go to the dev outbox). */
  sms: { baseUrl: string; authKey: string } | null;
  /** The DLT principal entity id and sender header SMS go out under. */
  smsDlt: { entityId: string; senderId: string };
  smsWebhookSecret: string | null;
  /** How long a handover notification may stay unread in the app before WhatsApp (then SMS) follows. */
  messagingWaitMs: number;
  messagesPerPersonPerDay: number;
  dailyCaps: { whatsapp: number; sms: number };
  /** Issue 33: portions per receiver account per 24 hours (larger for a verified organisation), the waitlist's offer time, the time to collect. */
  portionRules: PortionRules;
};

export class ConfigError extends Error {}

/** The only reader of the environment. Fails listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const publicBaseUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    dataDir,
    sqlitePath: path.join(dataDir, 'annadaan.sqlite'),
    uploadsDir: path.join(dataDir, 'uploads'),
    publicUrl: values.PUBLIC_URL,
    corsOrigins: values.CORS_ORIGINS,
    demoData: values.DEMO_DATA,
    devOutbox: values.DEV_OUTBOX,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (values.NODE_ENV === 'production' ? 'json' : 'pretty'),
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    geocoderUrl: values.GEOCODER_URL,
    mapTileUrl: values.MAP_TILE_URL,
    mapTileAttribution: values.MAP_TILE_ATTRIBUTION,
    trustProxy: values.TRUST_PROXY,
    passwordHashConcurrency: values.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: values.PASSWORD_HASH_QUEUE,
    uploadStore: values.UPLOAD_STORE ?? (values.DATABASE_URL ? 'database' : 'folder'),
    expirySweepIntervalMs: values.EXPIRY_SWEEP_INTERVAL_SECONDS * 1000,
    jobPollIntervalMs: values.JOB_POLL_INTERVAL_MS,
    jobLeaseMs: values.JOB_LEASE_SECONDS * 1000,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.SMTP_FROM ?? `Annadaan <no-reply@${new URL(publicBaseUrl).hostname}>`,
    publicBaseUrl,
    pushContact: values.PUSH_CONTACT ?? (values.PUBLIC_URL?.startsWith('https://') ? values.PUBLIC_URL : 'mailto:push@annadaan.invalid'),
    pushAllowedOrigins: values.PUSH_ALLOWED_ORIGINS,
    whatsapp:
      values.WHATSAPP_ACCESS_TOKEN && values.WHATSAPP_PHONE_NUMBER_ID && values.WHATSAPP_APP_SECRET
        ? {
            apiUrl: values.WHATSAPP_API_URL.replace(/\/+$/, ''),
            phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: values.WHATSAPP_ACCESS_TOKEN,
            appSecret: values.WHATSAPP_APP_SECRET,
          }
        : null,
    whatsappVerifyToken: values.WHATSAPP_VERIFY_TOKEN ?? null,
    sms: values.MSG91_AUTH_KEY ? { baseUrl: values.MSG91_BASE_URL.replace(/\/+$/, ''), authKey: values.MSG91_AUTH_KEY } : null,
    smsDlt: { entityId: values.SMS_DLT_ENTITY_ID ?? '0000000000000000000', senderId: values.SMS_SENDER_ID ?? 'ANNDAN' },
    smsWebhookSecret: values.SMS_WEBHOOK_SECRET ?? null,
    messagingWaitMs: values.MESSAGING_WAIT_SECONDS * 1000,
    messagesPerPersonPerDay: values.MESSAGES_PER_PERSON_PER_DAY,
    dailyCaps: { whatsapp: values.WHATSAPP_DAILY_CAP, sms: values.SMS_DAILY_CAP },
    portionRules: {
      dailyCap: values.PORTION_DAILY_CAP,
      organisationDailyCap: values.PORTION_DAILY_CAP_ORGANISATION,
      offerMinutes: values.WAITLIST_OFFER_MINUTES,
      collectMinutes: values.PORTION_COLLECT_MINUTES,
    },
  };
}

/** Names proxy-addr understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `false`/`0`: no proxy. A whole number: that many proxies in front, so the address the nearest
 * proxy saw is used. A comma list of proxy addresses or CIDR ranges: the right-most address in
 * X-Forwarded-For that is not one of them. Returns the problem as a string when the value is bad.
 */
function parseTrustProxy(raw: string): false | number | string[] | string {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') {
    return 'true is refused: it trusts the leftmost X-Forwarded-For, which the client writes. Give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'a hop count must be between 0 and 10';
  }
  const entries = commaList(value);
  const bad = entries.filter((entry) => !isProxyRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    return `must be a hop count (e.g. 1) or a comma list of proxy addresses or CIDR ranges; not understood: ${bad.join(', ') || raw}`;
  }
  return entries;
}

function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
