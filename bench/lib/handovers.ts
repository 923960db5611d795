import http from 'node:http';

/**
 * Whole handovers through the HTTP API: donate → request → accept → read the code → confirm.
 * Several workers run side by side for a fixed time; each handover uses the next donor/receiver
 * pair, so no one trips the per-user hourly limits.
 */
export interface HandoverResult {
  handoversPerSecond: number;
  completed: number;
  failures: number;
  workers: number;
}

interface Pair {
  donorToken: string;
  receiverToken: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call<T>(base: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<{ status: number; json: T }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: (text ? JSON.parse(text) : null) as T });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function expectStatus<T>(promise: Promise<{ status: number; json: T }>, status: number, step: string): Promise<T> {
  const response = await promise;
  if (response.status !== status) throw new Error(`${step} answered ${response.status}: ${JSON.stringify(response.json).slice(0, 200)}`);
  return response.json;
}

/**
 * `portions` (issue 33): the same food shared in 10 portions, all asked for, accepted and
 * collected by one receiver, so the two runs do the same steps and differ only in the portion
 * bookkeeping (the conditional take, the collect-by clock, the status settled from the portions).
 */
async function handover(base: string, pair: Pair, index: number, portions: boolean): Promise<void> {
  const donation = await expectStatus(
    call<{ id: number }>(base, 'POST', '/api/donations', pair.donorToken, {
      foodName: 'Bench thali',
      description: 'Dal, rice and two rotis, packed.',
      quantity: '10 plates',
      foodType: 'PRECOOKED',
      free: true,
      refrigerationAvailable: index % 2 === 0,
      location: 'Station Road, Pune 411001',
      expiryDateTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      ...(portions ? { portions: { total: 10, unit: 'PLATE', maxPerRequest: 10 } } : {}),
    }),
    201,
    'donate',
  );
  const request = await expectStatus(
    call<{ id: number }>(base, 'POST', `/api/requests/create/${donation.id}`, pair.receiverToken, portions ? { portions: 10 } : {}),
    201,
    'request',
  );
  await expectStatus(call(base, 'POST', `/api/requests/${request.id}/accept`, pair.donorToken, {}), 200, 'accept');
  const code = await expectStatus(call<{ pickupCode: string }>(base, 'GET', `/api/requests/${request.id}/pickup-code`, pair.receiverToken), 200, 'read code');
  await expectStatus(call(base, 'POST', `/api/requests/${request.id}/confirm-pickup`, pair.donorToken, { pickupCode: code.pickupCode }), 200, 'confirm');
}

export async function runHandovers(base: string, pairs: Pair[], workers: number, seconds: number, portions = false): Promise<HandoverResult> {
  let nextPair = 0;
  let completed = 0;
  let failures = 0;
  let firstError: unknown = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const index = nextPair;
      nextPair += 1;
      const pair = pairs[index % pairs.length];
      if (!pair) return;
      try {
        await handover(base, pair, index, portions);
        completed += 1;
      } catch (error) {
        failures += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (firstError) console.warn(`  handovers: ${failures} failed; first: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
  return { handoversPerSecond: completed / elapsed, completed, failures, workers };
}
