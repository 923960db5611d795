// A WhatsApp message after a crash between sending and marking (issue 31): the local provider
// takes the message and holds its answer; the server process is killed (SIGKILL) while it waits,
// so the send row says "sending" and the job is still leased. A new process on the same data takes
// the job once the lease runs out (JOB_LEASE_SECONDS, 5 here instead of 120), sends again under the same idempotency key, and the
// provider, which honours it, answers with the first message: the person gets one message. On
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
//
// npm run messaging-crash-test
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startLocalMessagingProvider } from '../../../../scripts/local-messaging-provider.mjs';
import { createScratchDatabase } from '../scratch-database';
import { assertServerBuilt, freePort, killHard, startServer, stopGracefully } from './server-process';

const PASSWORD = 'Crash-Test-Mango-Tree-42';
/** The job's lease, short here so the test takes seconds (in production 2 minutes). */
const LEASE_SECONDS = 5;
/** The lease plus the time to find and send the job, with room for a loaded machine. */
const AFTER_RESTART_TIMEOUT_MS = 60_000;

async function call(baseUrl: string, method: string, url: string, token: string | null, body?: object) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const parsed = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

async function register(baseUrl: string, role: 'DONOR' | 'RECEIVER', email: string, phone: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/auth/register', null, {
    fullName: `Crash ${role.toLowerCase()}`,
    contactNumber: phone,
    email,
    password: PASSWORD,
    location: 'Pune 411001',
    role,
  });
  return String(answer.accessToken);
}

async function sendState(dataDir: string, databaseUrl: string | undefined): Promise<{ sends: string[]; delivery: string | null }> {
  const sendsQuery = `select status from messaging_sends where channel = 'whatsapp' order by id`;
  const deliveryQuery = `select status from notification_deliveries where channel = 'whatsapp'`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const sends = await client.query<{ status: string }>(sendsQuery);
      const delivery = await client.query<{ status: string }>(deliveryQuery);
      return { sends: sends.rows.map((row) => row.status), delivery: delivery.rows[0]?.status ?? null };
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'annadaan.sqlite'), { readonly: true });
  try {
    const sends = db.prepare(sendsQuery).all() as { status: string }[];
    const delivery = db.prepare(deliveryQuery).get() as { status: string } | undefined;
    return { sends: sends.map((row) => row.status), delivery: delivery?.status ?? null };
  } finally {
    db.close();
  }
}

async function run(label: string, databaseUrl: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  const provider = await startLocalMessagingProvider();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-messaging-crash-'));
  const port = await freePort();
  provider.setAppUrl(`http://127.0.0.1:${port}`);
  const env = { ...provider.env(), MESSAGING_WAIT_SECONDS: '0', JOB_POLL_INTERVAL_MS: '200', JOB_LEASE_SECONDS: String(LEASE_SECONDS) };
  const common = { port, dataDir, env, ...(databaseUrl ? { databaseUrl } : {}) };
  try {
    const first = await startServer(common);
    const donorPhone = '+919876540201';
    const donor = await register(first.baseUrl, 'DONOR', `donor.${label}@crash.example.in`, donorPhone);
    const receiver = await register(first.baseUrl, 'RECEIVER', `receiver.${label}@crash.example.in`, '+919876540202');
    await call(first.baseUrl, 'POST', '/api/me/phone/verification', donor, {});
    await provider.waitForCount(1);
    const sms = provider.received[0];
    await call(first.baseUrl, 'POST', '/api/me/phone/verification/confirm', donor, { code: sms?.channel === 'sms' ? sms.vars[0] : '' });
    await call(first.baseUrl, 'PUT', '/api/me/messaging/consent', donor, { whatsapp: { handover: true } });
    // Quiet hours off: the test means the same whatever the hour.
    await call(first.baseUrl, 'PUT', '/api/notification-preferences', donor, {
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' },
    });

    provider.hold();
    const donation = await call(first.baseUrl, 'POST', '/api/donations', donor, {
      foodName: 'Dal khichdi',
      description: 'Cooked at noon',
      quantity: '5 plates',
      location: 'Shop 4, MG Road, Pune 411001',
      geolocation: '18.5204,73.8567',
      refrigerationAvailable: false,
    });
    await call(first.baseUrl, 'POST', `/api/requests/create/${String(donation.id)}`, receiver, { paymentMethod: '' });
    // The provider has the message; the server waits for its answer and dies waiting.
    await provider.waitForCount(2);
    await killHard(first);
    provider.release();
    const before = await sendState(dataDir, databaseUrl);
    if (before.sends.join() !== 'sending') problems.push(`before the restart the send row should say sending; it says ${before.sends.join() || 'nothing'}`);

    const second = await startServer(common);
    const deadline = Date.now() + AFTER_RESTART_TIMEOUT_MS;
    let after = await sendState(dataDir, databaseUrl);
    while (after.delivery !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = await sendState(dataDir, databaseUrl);
    }
    await stopGracefully(second);

    const toDonor = provider.received.filter((message) => message.to === donorPhone && message.channel === 'whatsapp');
    if (toDonor.length !== 1) problems.push(`the donor should have one WhatsApp message; the provider received ${toDonor.length}`);
    if (after.delivery !== 'sent') problems.push(`the delivery should be marked sent after the restart; it is ${after.delivery ?? 'not recorded'}`);
    if (after.sends.join() !== 'sent') problems.push(`the send row should say sent; it says ${after.sends.join()}`);
    console.log(`${label}: killed between send and mark; after the restart ${toDonor.length} message at the provider, delivery ${after.delivery ?? 'none'}`);
  } finally {
    await provider.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return problems;
}

assertServerBuilt();
const problems = await run('sqlite', undefined);
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const scratch = await createScratchDatabase(adminUrl, 'annadaan_messaging_crash');
  try {
    problems.push(...(await run('postgres', scratch.url)));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('TEST_DATABASE_URL is not set: PostgreSQL skipped (CI sets it).');
}
if (problems.length > 0) {
  console.error(`WhatsApp after a crash failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('WhatsApp after a crash between send and mark: one message, marked sent after the restart.');
