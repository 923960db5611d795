// The write stream of the crash test and the checks run after the restart. The stream drives the
// whole handover (donate → request → accept → read code → confirm) from several lanes at once and
// writes down only what the server acknowledged with a 2xx.

export const DonationRank = { AVAILABLE: 0, PENDING: 1, COMPLETED: 2 } as const;
export type TrackedDonationStatus = keyof typeof DonationRank;
export type TrackedRequestStatus = 'PENDING' | 'AWAITING_PICKUP' | 'COMPLETED';

/** What each acknowledged request state may have become since, in this workload (no cancels, no expiry). */
const REQUEST_SUCCESSORS: Record<TrackedRequestStatus, readonly string[]> = {
  // A PENDING request is rejected by the server when another request of its donation completes.
  PENDING: ['PENDING', 'AWAITING_PICKUP', 'COMPLETED', 'REJECTED'],
  AWAITING_PICKUP: ['AWAITING_PICKUP', 'COMPLETED'],
  COMPLETED: ['COMPLETED'],
};

export class Ledger {
  readonly donations = new Map<number, TrackedDonationStatus>();
  readonly requests = new Map<number, { donationId: number; status: TrackedRequestStatus }>();
  acknowledged = 0;

  ackDonation(id: number, status: TrackedDonationStatus) {
    const known = this.donations.get(id);
    if (known === undefined || DonationRank[status] > DonationRank[known]) this.donations.set(id, status);
    this.acknowledged += 1;
  }

  ackRequest(id: number, donationId: number, status: TrackedRequestStatus) {
    const order: TrackedRequestStatus[] = ['PENDING', 'AWAITING_PICKUP', 'COMPLETED'];
    const known = this.requests.get(id);
    if (known === undefined || order.indexOf(status) > order.indexOf(known.status)) this.requests.set(id, { donationId, status });
    this.acknowledged += 1;
  }
}

interface Actor {
  token: string;
  exhausted: boolean;
}

/** Thrown when the server is gone (killed): the lane just stops. */
class ServerGone extends Error {}

interface Answer {
  status: number;
  body: unknown;
}

export interface StreamOptions {
  baseUrl: string;
  random: () => number;
  donors: number;
  receivers: number;
  lanes: number;
  /** Called after every acknowledged write, with the running count. */
  onAcknowledged: (count: number) => void;
}

export interface StreamResult {
  ledger: Ledger;
  /** Writes sent whose answer never came (the kill interrupted them). */
  unanswered: number;
  /** Unexpected answers (5xx or a 4xx the workload cannot cause), for the report. */
  surprises: string[];
}

const PASSWORD = 'Crash-Test-Mango-Tree-42';

function donationBody(lane: number, step: number) {
  return {
    foodName: `Crash test meal ${lane}.${step}`,
    description: 'Packed in boxes',
    quantity: '10 plates',
    location: 'Shop 4, MG Road, Pune 411001',
    geolocation: '18.5204,73.8567',
    refrigerationAvailable: false,
  };
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** Registers the accounts, then streams writes until every lane stops (the server is killed or all limits are used up). */
export async function streamWrites(options: StreamOptions, stopSignal: { stopped: boolean }): Promise<StreamResult> {
  const ledger = new Ledger();
  const surprises: string[] = [];
  let unanswered = 0;
  // After the kill, a server that lost its database answers 5xx or gives up half way: expected, not a finding.
  const surprise = (message: string) => {
    if (!stopSignal.stopped) surprises.push(message);
  };

  async function call(method: string, url: string, token: string | null, body?: object): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      if (method !== 'GET') unanswered += 1;
      throw new ServerGone();
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      // The headers came but the body did not: the answer was not received in full.
      if (method !== 'GET') unanswered += 1;
      throw new ServerGone();
    }
    if (response.status >= 500) surprise(`${method} ${url} → ${response.status} ${JSON.stringify(parsed)}`);
    return { status: response.status, body: parsed };
  }

  async function register(role: 'DONOR' | 'RECEIVER', index: number): Promise<Actor> {
    const tag = `${role.toLowerCase()}${index}`;
    const answer = await call('POST', '/api/auth/register', null, {
      fullName: `Crash ${tag}`,
      contactNumber: `+9198765${String(43_000 + index + (role === 'DONOR' ? 0 : 500)).padStart(5, '0')}`,
      email: `${tag}@crash.example.in`,
      password: PASSWORD,
      location: 'Pune 411001',
      role,
    });
    const token = field(answer.body, 'accessToken');
    if (answer.status !== 201 || typeof token !== 'string') throw new Error(`Registering ${tag} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { token, exhausted: false };
  }

  const donors = await Promise.all(Array.from({ length: options.donors }, (_, i) => register('DONOR', i)));
  const receivers = await Promise.all(Array.from({ length: options.receivers }, (_, i) => register('RECEIVER', i)));

  const pick = (actors: Actor[]): Actor | undefined => {
    const open = actors.filter((actor) => !actor.exhausted);
    return open[Math.floor(options.random() * open.length)];
  };
  const acknowledged = () => options.onAcknowledged(ledger.acknowledged);

  async function handover(lane: number, step: number): Promise<boolean> {
    const donor = pick(donors);
    if (!donor) return false;
    const created = await call('POST', '/api/donations', donor.token, donationBody(lane, step));
    if (created.status === 429) {
      donor.exhausted = true;
      return true;
    }
    const donationId = field(created.body, 'id');
    if (created.status !== 201 || typeof donationId !== 'number') {
      surprise(`donate → ${created.status}`);
      return true;
    }
    ledger.ackDonation(donationId, 'AVAILABLE');
    acknowledged();

    // One or two receivers ask at once; the second one races the first.
    const askers = new Set<Actor>();
    const wanted = options.random() < 0.5 ? 2 : 1;
    for (let i = 0; i < wanted; i += 1) {
      const receiver = pick(receivers);
      if (receiver) askers.add(receiver);
    }
    if (askers.size === 0) return false;
    const asked = await Promise.all(
      [...askers].map(async (receiver) => {
        const answer = await call('POST', `/api/requests/create/${donationId}`, receiver.token, { paymentMethod: '' });
        if (answer.status === 429) receiver.exhausted = true;
        const requestId = field(answer.body, 'id');
        if (answer.status !== 201 || typeof requestId !== 'number') return null;
        ledger.ackRequest(requestId, donationId, 'PENDING');
        acknowledged();
        return { receiver, requestId };
      }),
    );
    const requests = asked.filter((entry) => entry !== null);
    if (requests.length === 0) return true;

    // The donor sometimes taps accept on both at once: exactly one may win, the other gets 409.
    const accepting = options.random() < 0.3 ? requests : requests.slice(0, 1);
    const accepted = await Promise.all(
      accepting.map(async (entry) => {
        const answer = await call('POST', `/api/requests/${entry.requestId}/accept`, donor.token);
        if (answer.status !== 200) {
          if (answer.status !== 409) surprise(`accept → ${answer.status}`);
          return null;
        }
        ledger.ackRequest(entry.requestId, donationId, 'AWAITING_PICKUP');
        ledger.ackDonation(donationId, 'PENDING');
        acknowledged();
        return entry;
      }),
    );
    const winners = accepted.filter((entry) => entry !== null);
    if (winners.length !== 1) {
      surprise(`${winners.length} accepted requests for donation ${donationId}`);
      return true;
    }
    const [winner] = winners;
    if (!winner) return true;

    // Some handovers stop at AWAITING_PICKUP, so the crash also finds accepted, unconfirmed ones.
    if (options.random() < 0.2) return true;
    const info = await call('GET', `/api/requests/${winner.requestId}/pickup-code`, winner.receiver.token);
    const code = field(info.body, 'pickupCode');
    if (info.status !== 200 || typeof code !== 'string') {
      surprise(`pickup code → ${info.status}`);
      return true;
    }
    const confirmed = await call('POST', `/api/requests/${winner.requestId}/confirm-pickup`, donor.token, { pickupCode: code });
    if (confirmed.status !== 200) {
      surprise(`confirm → ${confirmed.status}`);
      return true;
    }
    ledger.ackRequest(winner.requestId, donationId, 'COMPLETED');
    ledger.ackDonation(donationId, 'COMPLETED');
    acknowledged();
    return true;
  }

  async function lane(index: number) {
    for (let step = 0; !stopSignal.stopped; step += 1) {
      try {
        if (!(await handover(index, step))) return;
      } catch (error) {
        if (error instanceof ServerGone) return;
        throw error;
      }
    }
  }

  await Promise.all(Array.from({ length: options.lanes }, (_, index) => lane(index)));
  return { ledger, unanswered, surprises };
}

export interface Row {
  [column: string]: unknown;
}

/** Runs one read-only query and returns its rows; each database supplies its own. */
export type Query = (sql: string) => Promise<Row[]>;

/** Rows that must never exist: each is a handover caught half way. */
export const HALF_STATE_QUERIES: Record<string, string> = {
  'PENDING donation without exactly one AWAITING_PICKUP request': `
    select d.id from donations d
    where d.status = 'PENDING'
      and (select count(*) from donation_requests r where r.donation_id = d.id and r.status = 'AWAITING_PICKUP') <> 1`,
  'COMPLETED request whose donation is not COMPLETED': `
    select r.id from donation_requests r join donations d on d.id = r.donation_id
    where r.status = 'COMPLETED' and d.status <> 'COMPLETED'`,
  'AVAILABLE donation with an AWAITING_PICKUP request': `
    select distinct d.id from donations d join donation_requests r on r.donation_id = d.id
    where d.status = 'AVAILABLE' and r.status = 'AWAITING_PICKUP'`,
  'AWAITING_PICKUP request whose donation is not PENDING': `
    select r.id from donation_requests r join donations d on d.id = r.donation_id
    where r.status = 'AWAITING_PICKUP' and d.status <> 'PENDING'`,
  'COMPLETED donation without exactly one COMPLETED request': `
    select d.id from donations d
    where d.status = 'COMPLETED'
      and (select count(*) from donation_requests r where r.donation_id = d.id and r.status = 'COMPLETED') <> 1`,
  'COMPLETED donation with a request still PENDING': `
    select distinct d.id from donations d join donation_requests r on r.donation_id = d.id
    where d.status = 'COMPLETED' and r.status = 'PENDING'`,
};

/** Every acknowledged write present, at its acknowledged state or later; no half states. Returns the problems found. */
export async function verifyAfterRestart(query: Query, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const donations = new Map<number, string>();
  for (const row of await query('select id, status from donations')) donations.set(Number(row.id), String(row.status));
  const requests = new Map<number, { donationId: number; status: string }>();
  for (const row of await query('select id, donation_id, status from donation_requests')) {
    requests.set(Number(row.id), { donationId: Number(row.donation_id), status: String(row.status) });
  }

  for (const [id, acked] of ledger.donations) {
    const status = donations.get(id);
    if (status === undefined) problems.push(`donation ${id} was acknowledged (${acked}) but is missing`);
    else if (!(status in DonationRank) || DonationRank[status as TrackedDonationStatus] < DonationRank[acked]) {
      problems.push(`donation ${id} was acknowledged ${acked} but is ${status}`);
    }
  }
  for (const [id, acked] of ledger.requests) {
    const found = requests.get(id);
    if (!found) problems.push(`request ${id} was acknowledged (${acked.status}) but is missing`);
    else if (found.donationId !== acked.donationId) problems.push(`request ${id} belongs to donation ${found.donationId}, not ${acked.donationId}`);
    else if (!REQUEST_SUCCESSORS[acked.status].includes(found.status)) {
      problems.push(`request ${id} was acknowledged ${acked.status} but is ${found.status}`);
    }
  }
  for (const [name, sql] of Object.entries(HALF_STATE_QUERIES)) {
    const rows = await query(sql);
    if (rows.length > 0) problems.push(`${name}: ids ${rows.map((row) => String(row.id)).join(', ')}`);
  }
  return problems;
}
