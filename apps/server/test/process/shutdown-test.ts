// Graceful shutdown of the real server process: 50 POSTs are in flight (the server has their
// headers and half of each body) when SIGTERM arrives. All 50 must finish with their normal 201,
// a new connection must be refused, and the process must exit with code 0 within 10 s.
//
// The requests are held open with `Expect: 100-continue`: Node's HTTP server answers
// "100 Continue" once it has parsed a request's headers and handed the request to Fastify, so the
// test knows every request is in the server's hands before it signals, without test-only routes
// and without guessing with timers.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { assertServerBuilt, freePort, startServer, stopGracefully } from './server-process';

const IN_FLIGHT = 50;
const DONORS = 2; // 25 donations each stays under the hourly limit of 30 per donor.
const EXIT_WITHIN_MS = 10_000;

interface Pending {
  /** Resolves once the server said "100 Continue" for this request. */
  accepted: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; body: string }>;
  settled(): boolean;
}

function slowPost(port: number, agent: http.Agent, token: string, index: number): Pending {
  const body = JSON.stringify({
    foodName: `Shutdown test meal ${index}`,
    description: 'Packed in boxes',
    quantity: '10 plates',
    location: 'Shop 4, MG Road, Pune 411001',
    geolocation: '18.5204,73.8567',
    refrigerationAvailable: false,
  });
  const half = Math.floor(body.length / 2);
  let settled = false;
  let markAccepted: () => void = () => undefined;
  const accepted = new Promise<void>((resolve) => (markAccepted = resolve));
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/donations',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  request.on('continue', () => {
    request.write(body.slice(0, half));
    markAccepted();
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => {
        settled = true;
        resolve({ status: incoming.statusCode ?? 0, body: text });
      });
      incoming.on('error', reject);
    });
    request.on('error', (error) => {
      settled = true;
      reject(error);
    });
  });
  request.flushHeaders();
  return {
    accepted,
    finish: () => request.end(body.slice(half)),
    response,
    settled: () => settled,
  };
}

/**
 * A brand-new connection: 'refused' once nothing listens; 'unserved' for the moment between the
 * signal and the listener closing, when Fastify answers 503 to anything new.
 */
function probeNewConnection(port: number): Promise<'refused' | 'served' | 'unserved'> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? 'served' : 'unserved'));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'unserved'));
  });
}

async function register(baseUrl: string, index: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: `Shutdown donor ${index}`,
      contactNumber: `+91987654${String(3100 + index)}`,
      email: `shutdown${index}@example.in`,
      password: 'Shutdown-Mango-Tree-42',
      location: 'Pune 411001',
      role: 'DONOR',
    }),
  });
  const body = (await response.json()) as { accessToken?: unknown };
  if (response.status !== 201 || typeof body.accessToken !== 'string') throw new Error(`register → ${response.status}`);
  return body.accessToken;
}

async function main() {
  assertServerBuilt();
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-shutdown-'));
  const failures: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT * 2 });
  try {
    const port = await freePort();
    const server = await startServer({ port, dataDir });
    const tokens = await Promise.all(Array.from({ length: DONORS }, (_, index) => register(server.baseUrl, index)));

    const pending = Array.from({ length: IN_FLIGHT }, (_, index) => slowPost(port, agent, tokens[index % DONORS] ?? '', index));
    await Promise.all(pending.map((entry) => entry.accepted));
    console.log(`${IN_FLIGHT} POST /api/donations in flight (headers and half of each body sent); sending SIGTERM`);

    const signalledAt = performance.now();
    const exit = stopGracefully(server, EXIT_WITHIN_MS);
    // Awaited below; this only keeps a timeout from counting as an unhandled rejection meanwhile.
    exit.catch(() => undefined);
    // The server takes the signal asynchronously: probe with new connections until one is refused.
    // Before that they are served (signal not handled yet) or get 503 (closing, listener not yet shut).
    const probes = { served: 0, unserved: 0, refused: 0 };
    let servedAfterUnserved = false;
    while (probes.refused === 0 && performance.now() - signalledAt < EXIT_WITHIN_MS) {
      const outcome = await probeNewConnection(port);
      if (outcome === 'served' && probes.unserved > 0) servedAfterUnserved = true;
      probes[outcome] += 1;
    }
    if (probes.refused === 0) failures.push('no new connection was refused after SIGTERM');
    if (servedAfterUnserved) failures.push('a new connection was served again after the server had begun closing');
    if (probes.refused > 0) {
      console.log(
        `new connections refused ${(performance.now() - signalledAt).toFixed(0)} ms after SIGTERM ` +
          `(probes before that: ${probes.served} served before the signal was handled, ${probes.unserved} answered 503 while closing)`,
      );
    }

    const early = pending.filter((entry) => entry.settled()).length;
    if (early > 0) failures.push(`${early} in-flight requests ended before their bodies were complete`);
    for (const entry of pending) entry.finish();

    const results = await Promise.allSettled(pending.map((entry) => entry.response));
    const created = results.filter((result) => result.status === 'fulfilled' && result.value.status === 201 && /"id":\d+/.test(result.value.body));
    if (created.length !== IN_FLIGHT) {
      const others = results
        .filter((result) => !(result.status === 'fulfilled' && result.value.status === 201))
        .slice(0, 5)
        .map((result) => (result.status === 'fulfilled' ? `${result.value.status} ${result.value.body.slice(0, 120)}` : String(result.reason)));
      failures.push(`${created.length} of ${IN_FLIGHT} in-flight requests completed with 201; others: ${others.join(' | ')}`);
    } else {
      console.log(`all ${IN_FLIGHT} in-flight requests answered 201 Created`);
    }

    try {
      const { code, signal } = await exit;
      const exitMs = performance.now() - signalledAt;
      if (code !== 0) failures.push(`exit code ${code ?? signal}, not 0`);
      else console.log(`process exited with code 0, ${exitMs.toFixed(0)} ms after SIGTERM`);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
      server.child.kill('SIGKILL');
    }

    // What was answered 201 is stored.
    const db = new SQLite(path.join(dataDir, 'annadaan.sqlite'), { readonly: true, fileMustExist: true });
    const stored = (db.prepare('select count(*) as n from donations').get() as { n: number }).n;
    db.close();
    if (stored !== created.length) failures.push(`${stored} donations stored, ${created.length} acknowledged`);
  } finally {
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`Graceful shutdown test FAILED in ${seconds} s:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Graceful shutdown test passed in ${seconds} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
