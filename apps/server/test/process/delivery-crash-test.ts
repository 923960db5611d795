// Delivery after a crash (issue 14): a process commits notifications and dies (SIGKILL) before
// its job runner sends them; a new process on the same data sends each email exactly once, to a
// real SMTP server started here. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
//
// npm run delivery-crash-test
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createScratchDatabase } from '../scratch-database';
import { startTestSmtpServer } from '../smtp-test-server';
import { assertServerBuilt, freePort, killHard, startServer, stopGracefully } from './server-process';

const PASSWORD = 'Crash-Test-Mango-Tree-42';
const DONATIONS = 3;
const ARRIVAL_TIMEOUT_MS = 30_000;

async function call(baseUrl: string, method: string, url: string, token: string | null, body?: object) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const parsed = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: parsed };
}

async function register(baseUrl: string, role: 'DONOR' | 'RECEIVER', email: string, phone: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/auth/register', null, {
    fullName: `Delivery ${role.toLowerCase()}`,
    contactNumber: phone,
    email,
    password: PASSWORD,
    location: 'Pune 411001',
    role,
  });
  if (answer.status !== 201 || typeof answer.body.accessToken !== 'string')
    throw new Error(`register ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.accessToken;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Outcome {
  sentEmails: number;
  pendingEmailJobs: number;
}

async function readOutcome(dataDir: string, databaseUrl: string | undefined): Promise<Outcome> {
  const sentQuery = `select count(*) as n from notification_deliveries where channel = 'email' and status = 'sent'`;
  const pendingQuery = `select count(*) as n from jobs where kind = 'notification-delivery' and payload like '%"email"%'`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const sent = await client.query<{ n: string }>(sentQuery);
      const pending = await client.query<{ n: string }>(pendingQuery);
      return { sentEmails: Number(sent.rows[0]?.n), pendingEmailJobs: Number(pending.rows[0]?.n) };
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'annadaan.sqlite'), { readonly: true });
  try {
    const sent = db.prepare(sentQuery).get() as { n: number };
    const pending = db.prepare(pendingQuery).get() as { n: number };
    return { sentEmails: sent.n, pendingEmailJobs: pending.n };
  } finally {
    db.close();
  }
}

async function run(label: string, databaseUrl: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  const smtp = await startTestSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-delivery-crash-'));
  const port = await freePort();
  const common = { port, dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  try {
    // The first process commits and dies before its runner gets to anything: the runner is off.
    const first = await startServer({ ...common, env: { SMTP_URL: smtp.url, JOB_POLL_INTERVAL_MS: '0' } });
    const donorEmail = `donor.${label}@delivery.example.in`;
    const donor = await register(first.baseUrl, 'DONOR', donorEmail, '+919876540101');
    const receiver = await register(first.baseUrl, 'RECEIVER', `receiver.${label}@delivery.example.in`, '+919876540102');
    // A new request is held through quiet hours (22:00-07:00 India time by default): off, so the
    // test means the same whatever the hour it runs at.
    const quiet = await call(first.baseUrl, 'PUT', '/api/notification-preferences', donor, {
      quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' },
    });
    if (quiet.status !== 200) throw new Error(`quiet hours: ${quiet.status} ${JSON.stringify(quiet.body)}`);
    for (let n = 0; n < DONATIONS; n++) {
      const created = await call(first.baseUrl, 'POST', '/api/donations', donor, {
        foodName: `Dal khichdi ${n + 1}`,
        description: 'Cooked at noon',
        quantity: '5 plates',
        location: 'Shop 4, MG Road, Pune 411001',
        geolocation: '18.5204,73.8567',
        refrigerationAvailable: false,
      });
      if (created.status !== 201) throw new Error(`donate: ${created.status} ${JSON.stringify(created.body)}`);
      const requested = await call(first.baseUrl, 'POST', `/api/requests/create/${String(created.body.id)}`, receiver, { paymentMethod: '' });
      if (requested.status !== 201) throw new Error(`request: ${requested.status} ${JSON.stringify(requested.body)}`);
    }
    await killHard(first);
    if (smtp.received.length !== 0) problems.push(`${smtp.received.length} emails went out before the crash; expected none`);

    // A new process on the same data: the committed deliveries are still owed and go out.
    const second = await startServer({ ...common, env: { SMTP_URL: smtp.url, JOB_POLL_INTERVAL_MS: '200' } });
    await within(smtp.waitForCount(DONATIONS), ARRIVAL_TIMEOUT_MS, `${DONATIONS} emails after the restart`);
    await stopGracefully(second);

    const toDonor = smtp.received.filter((mail) => mail.envelopeTo.includes(donorEmail));
    if (smtp.received.length !== DONATIONS || toDonor.length !== DONATIONS) {
      problems.push(`expected ${DONATIONS} emails, all to the donor; got ${smtp.received.length} (${toDonor.length} to the donor)`);
    }
    const subjects = new Set(toDonor.map((mail) => mail.parsed.subject));
    if (subjects.size !== 1 || !subjects.has('New request for your food')) problems.push(`unexpected subjects: ${[...subjects].join(' | ')}`);
    const ids = new Set(toDonor.map((mail) => mail.parsed.messageId));
    if (ids.size !== DONATIONS) problems.push(`expected ${DONATIONS} distinct notifications, got ${ids.size} distinct Message-IDs`);
    const outcome = await readOutcome(dataDir, databaseUrl);
    if (outcome.sentEmails !== DONATIONS) problems.push(`notification_deliveries holds ${outcome.sentEmails} sent emails, expected ${DONATIONS}`);
    if (outcome.pendingEmailJobs !== 0) problems.push(`${outcome.pendingEmailJobs} email delivery jobs still queued`);
    console.log(
      `${label}: ${DONATIONS} requests committed, process killed before delivery, ${toDonor.length} emails after the restart, ${outcome.sentEmails} marked sent`,
    );
  } finally {
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return problems;
}

assertServerBuilt();
const problems = await run('sqlite', undefined);
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const scratch = await createScratchDatabase(adminUrl, 'annadaan_delivery');
  try {
    problems.push(...(await run('postgres', scratch.url)));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('TEST_DATABASE_URL is not set: PostgreSQL skipped (CI sets it).');
}
if (problems.length > 0) {
  console.error(`Delivery after a crash failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Delivery after a crash: every committed notification was emailed once after the restart.');
