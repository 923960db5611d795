// `npm run scale-out-test`: two built server instances on one PostgreSQL behind HAProxy, driven
// over HTTP through the balancer (and each instance directly where the point is "the other one").
// Needs TEST_DATABASE_URL (a PostgreSQL server; skipped with a note without it) and haproxy.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { type Cluster, startCluster } from '../../../../scripts/cluster-lib.mjs';
import { newPerson } from '../accounts';
import { createScratchDatabase } from '../scratch-database';

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

function address() {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; from?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? address() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body, text };
}

function expectStatus(answer: Answer, status: number, what: string) {
  assert.equal(answer.status, status, `${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
}

const field = <T>(answer: Answer, name: string): T => (answer.body as Record<string, T>)[name] as T;

async function signUp(base: string, role: 'DONOR' | 'RECEIVER') {
  const person = newPerson({ role });
  const answer = await call(base, 'POST', '/api/auth/register', { body: person });
  expectStatus(answer, 201, `sign-up as ${role}`);
  return { ...person, token: field<string>(answer, 'accessToken') };
}

const donation = (foodName: string, imageUrl?: string) => ({
  foodName,
  description: 'Cooked this evening, packed in boxes',
  quantity: '10 plates',
  location: 'Shop 4, MG Road, Pune 411001',
  refrigerationAvailable: false,
  ...(imageUrl ? { imageUrl } : {}),
});

async function step(name: string, run: () => Promise<void>) {
  const started = performance.now();
  await run();
  console.log(`  ✓ ${name} (${Math.round(performance.now() - started)} ms)`);
}

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('TEST_DATABASE_URL is not set: the scale-out test needs PostgreSQL and is skipped.');
    return;
  }
  const scratch = await createScratchDatabase(adminUrl, 'annadaan_scale');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ instances: 2, databaseUrl: scratch.url, env: { EXPIRY_SWEEP_INTERVAL_SECONDS: '1' } });
    const lb = cluster.url;
    const [one, two] = cluster.servers;
    assert.ok(one && two);
    console.log(`two instances (${one.url}, ${two.url}) behind HAProxy at ${lb}`);

    const donor = await signUp(lb, 'DONOR');
    const receiver = await signUp(lb, 'RECEIVER');
    let donationId = 0;
    let imageUrl = '';

    await step('a photo uploaded through one instance is served by the other', async () => {
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'biryani.jpg');
      const uploaded = await fetch(`${one.url}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${donor.token}` } });
      assert.equal(uploaded.status, 201, await uploaded.clone().text());
      imageUrl = ((await uploaded.json()) as { url: string }).url;
      const fromOne = await fetch(`${one.url}${imageUrl}`);
      const fromTwo = await fetch(`${two.url}${imageUrl}`);
      assert.equal(fromTwo.status, 200);
      assert.equal(fromTwo.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(fromTwo.headers.get('content-type'), 'image/webp');
      assert.ok(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(await fromOne.arrayBuffer())));
    });

    await step("a donation written on one instance is on the other's browse at once", async () => {
      // The other instance has this listing kept from just before the write.
      expectStatus(await call(two.url, 'GET', '/api/browse/donations?pageSize=50'), 200, 'browse');
      const created = await call(one.url, 'POST', '/api/donations', { token: donor.token, body: donation('Veg biryani', imageUrl) });
      expectStatus(created, 201, 'donate');
      donationId = field<number>(created, 'id');
      const browse = await call(two.url, 'GET', '/api/browse/donations?pageSize=50');
      assert.ok(
        (browse.body as { id: number }[]).some((item) => item.id === donationId),
        'the new donation is missing on the other instance',
      );
    });

    await step('the whole handover through the balancer: request, accept, pickup code, confirm, rate', async () => {
      const requested = await call(lb, 'POST', `/api/requests/create/${donationId}`, { token: receiver.token, body: { paymentMethod: '' } });
      expectStatus(requested, 201, 'request');
      const requestId = field<number>(requested, 'id');
      expectStatus(await call(lb, 'POST', `/api/requests/${requestId}/accept`, { token: donor.token }), 200, 'accept');
      const code = await call(lb, 'GET', `/api/requests/${requestId}/pickup-code`, { token: receiver.token });
      expectStatus(code, 200, 'pickup code');
      const confirmed = await call(lb, 'POST', `/api/requests/${requestId}/confirm-pickup`, {
        token: donor.token,
        body: { pickupCode: field<string>(code, 'pickupCode') },
      });
      expectStatus(confirmed, 200, 'confirm pickup');
      for (const [who, token] of [
        ['donor', donor.token],
        ['receiver', receiver.token],
      ] as const) {
        const rated = await call(lb, 'POST', '/api/ratings/submit', { token, body: { donationRequestId: requestId, rating: 5, comment: 'Thank you' } });
        assert.ok(rated.status === 200 || rated.status === 201, `${who} rates: ${rated.status} ${rated.text}`);
      }
    });

    await step('50 parallel accepts spread over both instances give one winner', async () => {
      const created = await call(lb, 'POST', '/api/donations', { token: donor.token, body: donation('Dal rice') });
      expectStatus(created, 201, 'donate');
      const id = field<number>(created, 'id');
      const requestIds: number[] = [];
      for (let n = 0; n < 10; n += 1) {
        const someone = await signUp(lb, 'RECEIVER');
        const requested = await call(lb, 'POST', `/api/requests/create/${id}`, { token: someone.token, body: { paymentMethod: '' } });
        expectStatus(requested, 201, 'request');
        requestIds.push(field<number>(requested, 'id'));
      }
      const accepts = await Promise.all(
        Array.from({ length: 50 }, (_, n) => call(lb, 'POST', `/api/requests/${requestIds[n % requestIds.length]}/accept`, { token: donor.token })),
      );
      const statuses = accepts.map((answer) => answer.status);
      assert.equal(statuses.filter((status) => status === 200).length, 1, `statuses: ${statuses.join(' ')}`);
      assert.ok(
        statuses.every((status) => status === 200 || status === 409),
        `statuses: ${statuses.join(' ')}`,
      );
      const { rows } = await pool.query<{ n: string }>("select count(*) as n from donation_requests where donation_id = $1 and status = 'AWAITING_PICKUP'", [
        id,
      ]);
      assert.equal(Number(rows[0]?.n), 1);
    });

    await step('a login limit reached through one instance holds on the other', async () => {
      const from = address();
      let refusedOnOne = false;
      for (let n = 0; n < 15 && !refusedOnOne; n += 1) {
        const answer = await call(one.url, 'POST', '/api/auth/login', { from, body: { email: donor.email, password: 'Not-the-password-1' } });
        assert.ok(answer.status === 401 || answer.status === 429, `login: ${answer.status}`);
        refusedOnOne = answer.status === 429;
      }
      assert.ok(refusedOnOne, 'the limit was never reached on instance 1');
      const onTwo = await call(two.url, 'POST', '/api/auth/login', { from, body: { email: donor.email, password: donor.password } });
      expectStatus(onTwo, 429, 'the same address and account on instance 2');
    });

    await step('the expiry sweep turns each expired donation exactly once', async () => {
      const { rows } = await pool.query<{ id: number }>(
        `insert into donations (donor_id, food_name, description, quantity, expiry_date_time, expires_at, free, price_paise, location,
           pin_code, latitude, longitude, delivery_type, food_type, refrigeration_available, image_url, status, created_at, updated_at)
         select donor_id, 'Expired ' || n, description, quantity, expiry_date_time, to_char(now() - interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           free, price_paise, location, pin_code, latitude, longitude, delivery_type, food_type, refrigeration_available, null, 'AVAILABLE', created_at, updated_at
         from donations, generate_series(1, 20) as n where id = $1 returning id`,
        [donationId],
      );
      const ids = rows.map((row) => row.id);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const left = await pool.query("select count(*) as n from donations where id = any($1) and status <> 'EXPIRED'", [ids]);
        if (Number(left.rows[0].n) === 0) break;
        assert.ok(Date.now() < deadline, 'the expired donations were not swept within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const swept = [one, two].flatMap((server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('expired donations swept'))
          .map((line) => Number((JSON.parse(line) as { expired: number }).expired)),
      );
      assert.equal(
        swept.reduce((sum, n) => sum + n, 0),
        ids.length,
        `sweeps: ${swept.join(', ')}`,
      );
    });

    await step('stopping one instance mid-run loses no acknowledged write and the other keeps serving', async () => {
      // Four fresh donors, 20 donations each: under the 30-per-hour limit per donor.
      const donors = await Promise.all([signUp(lb, 'DONOR'), signUp(lb, 'DONOR'), signUp(lb, 'DONOR'), signUp(lb, 'DONOR')]);
      const acknowledged: number[] = [];
      const failures: string[] = [];
      let stopped: Promise<unknown> | undefined;
      let next = 0;
      const worker = async () => {
        for (;;) {
          const n = next;
          next += 1;
          if (n >= 80) return;
          if (acknowledged.length >= 20 && !stopped) stopped = one.stop('SIGTERM');
          const who = donors[n % donors.length];
          assert.ok(who);
          try {
            const answer = await call(lb, 'POST', '/api/donations', { token: who.token, body: donation(`Kill run ${n}`) });
            if (answer.status === 201) acknowledged.push(field<number>(answer, 'id'));
            else failures.push(`${answer.status} ${answer.text.slice(0, 120)}`);
          } catch (error) {
            failures.push(`no answer: ${error instanceof Error ? String(error.cause ?? error.message) : String(error)}`);
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      const exit = (await stopped) as { code: number | null } | undefined;
      assert.equal(exit?.code, 0, 'instance 1 stopped cleanly');
      const { rows } = await pool.query<{ id: number }>('select id from donations where id = any($1)', [acknowledged]);
      assert.equal(rows.length, acknowledged.length, 'an acknowledged donation is missing');
      assert.deepEqual(failures, [], 'requests failed while one instance stopped');
      for (let n = 0; n < 10; n += 1) expectStatus(await call(lb, 'GET', '/api/browse/donations?pageSize=6'), 200, 'browse after the stop');
      console.log(`    ${acknowledged.length} writes acknowledged, all in the database; ${failures.length} failed`);
    });

    const served = [one, two].map(
      (server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"incoming request"')).length,
    );
    assert.ok(
      served.every((count) => count > 0),
      `requests per instance: ${served.join(', ')}`,
    );
    console.log(`requests served per instance: ${served.join(' / ')}\nScale-out test passed.`);
  } catch (error) {
    if (cluster) {
      for (const server of cluster.servers) console.error(`--- ${server.name} output (tail) ---\n${server.output().slice(-3000)}`);
      console.error(`--- haproxy ---\n${cluster.balancerOutput().slice(-3000)}`);
    }
    throw error;
  } finally {
    await cluster?.stop();
    await pool.end();
    await scratch.drop();
  }
}

await main();
