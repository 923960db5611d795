import http from 'node:http';

/**
 * Issue 14's live-events proof: how long from the API call that causes a notification to the
 * recipient's message on `GET /api/events`, with many streams open, and what each open stream
 * costs the server in memory. Real server processes, real sockets, one stream per signed-in person.
 *
 * Each sample is one of two events: a receiver requests the pair donor's donation (the donor's
 * stream gets REQUEST_RECEIVED), later the donor accepts it (the receiver's stream gets
 * REQUEST_ACCEPTED). The calls are sent on a fixed schedule (open loop, so a slow answer does not
 * hold the next call back and hide its own delay) over a window longer than the server's 15 s
 * heartbeat, so at least one beat over every open stream falls inside it.
 */
export interface LiveEventsResult {
  label: string;
  /** Streams held open, one per person. */
  streams: number;
  events: number;
  /** Calls per second sent on the schedule. */
  rate: number;
  /** Call sent → the event's bytes read from the stream. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The causing call's own answer, for comparison: the event may arrive before it. */
  callP50Ms: number;
  callP99Ms: number;
  /** Events that did not come within 10 s, or calls that failed; in the percentiles as 10 s. */
  missed: number;
  /** Heartbeats seen during the run, and the longest time from a beat's first stream to its last. */
  heartbeats: number;
  heartbeatSpreadMs: number | null;
  /** The slowest event among calls sent in the second after a beat's first heartbeat arrived: what the beat costs the calls queued behind it. */
  afterBeatMaxMs: number | null;
  /** Memory of the instance holding the streams, after a forced GC: with the streams open minus with none, per stream. */
  rssPerStreamKiB: number | null;
  heapPerStreamKiB: number | null;
  /** Heap and external memory together (socket buffers live outside the JS heap). */
  totalPerStreamKiB: number | null;
}

export interface LiveEventsPair {
  donorToken: string;
  receiverToken: string;
  donationId: number | null;
}

interface Arrival {
  kind: string;
  at: number;
}

/** One open stream: parses the SSE bytes and hands each notification to whoever waits for it. */
class StreamClient {
  private buffer = '';
  private waiting: ((arrival: Arrival) => void) | null = null;
  private early: Arrival[] = [];
  private request: http.ClientRequest | null = null;
  /** When each heartbeat comment arrived. */
  readonly beats: number[] = [];

  /** Resolves once the server has written its opening comment. */
  open(base: string, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${base}/api/events`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET /api/events answered ${response.statusCode}`));
            response.resume();
            return;
          }
          response.setEncoding('utf8');
          let connected = false;
          response.on('data', (chunk: string) => {
            const at = performance.now();
            this.buffer += chunk;
            if (!connected && this.buffer.includes(': connected')) {
              connected = true;
              resolve();
            }
            this.parse(at);
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', (error) => (this.request ? undefined : reject(error)));
      this.request = request;
    });
  }

  private parse(at: number) {
    let split = this.buffer.indexOf('\n\n');
    while (split >= 0) {
      const block = this.buffer.slice(0, split);
      this.buffer = this.buffer.slice(split + 2);
      split = this.buffer.indexOf('\n\n');
      if (block === ': heartbeat') this.beats.push(at);
      if (!block.includes('event: notification')) continue;
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      const kind = data ? String((JSON.parse(data.slice(6)) as { kind?: unknown }).kind) : '';
      const arrival = { kind, at };
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(arrival);
      } else this.early.push(arrival);
    }
  }

  /** The next notification, or null when none comes within `timeoutMs`. */
  next(timeoutMs: number): Promise<Arrival | null> {
    const early = this.early.shift();
    if (early) return Promise.resolve(early);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve(null);
      }, timeoutMs);
      this.waiting = (arrival) => {
        clearTimeout(timer);
        resolve(arrival);
      };
    });
  }

  close() {
    this.request?.destroy();
  }
}

/** An event later than this counts as missed (and as this late in the percentiles). */
const MISS_MS = 10_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(base: string, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 2 } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

/** Node's inspector on the server process: forces a full GC and reads `process.memoryUsage()`. */
async function memoryAfterGc(inspectorPort: number): Promise<NodeJS.MemoryUsage> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets[0];
  if (!target) throw new Error('the server has no inspector target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not reach the inspector')), { once: true });
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (message) => {
    const reply = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    // Twice: the first pass can leave finalised objects for the second to free.
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const result = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
      result: { value: string };
    };
    return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
  } finally {
    socket.close();
  }
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Opens `tokens.length` streams, a few at a time, and resolves once every one is connected. */
async function openAll(base: string, tokens: string[], parallel: number): Promise<StreamClient[]> {
  const clients = tokens.map(() => new StreamClient());
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < tokens.length) {
        const index = next;
        next += 1;
        await clients[index]?.open(base, tokens[index] ?? '');
      }
    }),
  );
  return clients;
}

export async function benchLiveEvents(options: {
  label: string;
  /** Where the causing calls go. */
  callBase: string;
  /** Where the streams are held (another instance for the cross-instance run). */
  streamBase: string;
  /** The inspector port of the instance holding the streams. */
  inspectorPort: number;
  /** Each pair gives two people, so two streams. */
  pairs: LiveEventsPair[];
  /** How long the scheduled calls take in all (longer than the 15 s heartbeat). */
  windowSeconds: number;
  /** Calls in the window, whatever the number of streams, so more streams do not also mean more load (two per pair used). */
  events: number;
  log(line: string): void;
}): Promise<LiveEventsResult> {
  const { pairs, callBase, streamBase } = options;
  const streams = pairs.length * 2;

  // Warm the stream route (and free what warming made) before the baseline.
  const warm = await openAll(
    streamBase,
    pairs.slice(0, 10).map((pair) => pair.donorToken),
    10,
  );
  for (const client of warm) client.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = await memoryAfterGc(options.inspectorPort);

  const openedAt = performance.now();
  const donors = await openAll(
    streamBase,
    pairs.map((pair) => pair.donorToken),
    50,
  );
  const receivers = await openAll(
    streamBase,
    pairs.map((pair) => pair.receiverToken),
    50,
  );
  options.log(`${options.label}: ${streams} streams open in ${((performance.now() - openedAt) / 1000).toFixed(1)} s`);
  const after = await memoryAfterGc(options.inspectorPort);
  const perStream = (bytes: number) => round(bytes / streams / 1024);
  // `external` already counts `arrayBuffers`.
  const total = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;

  const latencies: number[] = [];
  const timed: { sentAt: number; ms: number }[] = [];
  const calls: number[] = [];
  let missed = 0;
  const requestIds: Promise<number | null>[] = [];
  // The pairs that take part, spread over all of them: a request each, then an accept each.
  const used = Math.min(pairs.length, Math.floor(options.events / 2));
  const stride = pairs.length / used;
  const chosen = Array.from({ length: used }, (_, index) => Math.floor(index * stride));
  const events = used * 2;
  const spacingMs = (options.windowSeconds * 1000) / events;
  const started = performance.now();

  // Counted at the wait's limit, so a run that loses events cannot show a better p99 for it.
  const miss = () => {
    missed += 1;
    latencies.push(MISS_MS);
  };
  const sample = async (slot: number) => {
    const pairIndex = chosen[slot % used] ?? 0;
    const pair = pairs[pairIndex];
    if (!pair || pair.donationId === null) throw new Error('the live-events run needs a donation per pair');
    const accepting = slot >= used;
    const stream = accepting ? receivers[pairIndex] : donors[pairIndex];
    const requestId = accepting ? await requestIds[slot - used] : null;
    if (accepting && requestId === null) {
      miss();
      return null;
    }
    const arrival = stream?.next(MISS_MS);
    const sentAt = performance.now();
    const answer = accepting
      ? await post(callBase, `/api/requests/${requestId}/accept`, pair.donorToken)
      : await post(callBase, `/api/requests/create/${pair.donationId}`, pair.receiverToken);
    calls.push(performance.now() - sentAt);
    const ok = answer.status === (accepting ? 200 : 201);
    const event = await arrival;
    if (!ok || !event || event.kind !== (accepting ? 'REQUEST_ACCEPTED' : 'REQUEST_RECEIVED')) {
      if (missed === 0) options.log(`${options.label}: first miss: ${answer.status} ${answer.body.slice(0, 200)}, event ${event?.kind ?? 'none'}`);
      miss();
    } else {
      latencies.push(event.at - sentAt);
      timed.push({ sentAt, ms: event.at - sentAt });
    }
    return ok && !accepting ? (JSON.parse(answer.body) as { id: number }).id : null;
  };

  const running: Promise<unknown>[] = [];
  for (let slot = 0; slot < events; slot += 1) {
    const due = started + slot * spacingMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const done = sample(slot);
    if (slot < used) requestIds.push(done.then((id) => id ?? null).catch(() => null));
    running.push(done.catch(miss));
  }
  await Promise.all(running);

  for (const client of [...donors, ...receivers]) client.close();

  // Beats are 15 s apart: arrivals less than 5 s apart belong to one beat.
  const beats = [...donors, ...receivers].flatMap((client) => client.beats).sort((a, b) => a - b);
  const spreads: number[] = [];
  const beatStarts: number[] = [];
  let first = beats[0];
  for (const [index, at] of beats.entries()) {
    const previous = beats[index - 1];
    if (index === 0) beatStarts.push(at);
    if (previous !== undefined && at - previous > 5_000) {
      spreads.push(previous - (first ?? previous));
      first = at;
      beatStarts.push(at);
    }
    if (index === beats.length - 1) spreads.push(at - (first ?? at));
  }
  const afterBeat = timed.filter((sample) => beatStarts.some((start) => sample.sentAt >= start && sample.sentAt < start + 1_000)).map((sample) => sample.ms);

  latencies.sort((a, b) => a - b);
  calls.sort((a, b) => a - b);
  const result: LiveEventsResult = {
    label: options.label,
    streams,
    events,
    rate: round(1000 / spacingMs),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    callP50Ms: round(percentile(calls, 50)),
    callP99Ms: round(percentile(calls, 99)),
    missed,
    heartbeats: spreads.length,
    heartbeatSpreadMs: spreads.length ? round(Math.max(...spreads)) : null,
    afterBeatMaxMs: afterBeat.length ? round(Math.max(...afterBeat)) : null,
    rssPerStreamKiB: perStream(after.rss - before.rss),
    heapPerStreamKiB: perStream(after.heapUsed - before.heapUsed),
    totalPerStreamKiB: perStream(total(after) - total(before)),
  };
  options.log(
    `${result.label}: ${result.events} events at ${result.rate}/s, call → stream message p50 ${result.p50Ms} / p99 ${result.p99Ms} / max ${result.maxMs} ms ` +
      `(the call itself p50 ${result.callP50Ms} / p99 ${result.callP99Ms} ms)${missed ? `, ${missed} MISSED` : ''}; ` +
      `${result.heartbeats} heartbeats, each reaching every stream within ${result.heartbeatSpreadMs} ms, slowest event sent in the second after one ${result.afterBeatMaxMs} ms; per stream: RSS ${result.rssPerStreamKiB} kB, ` +
      `heap ${result.heapPerStreamKiB} kB, heap+external ${result.totalPerStreamKiB} kB`,
  );
  return result;
}
