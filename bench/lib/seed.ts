import crypto from 'node:crypto';
import { publicArea, snapToGrid } from '@annadaan/contract/area';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { rebuildMapCells } from '../../apps/server/src/modules/map/map-cells';
import { hashSecret } from '../../apps/server/src/modules/auth/password-hashing';
import { seededRandom } from '../../apps/server/test/seeded-random';

/**
 * Bulk seeding for the bench: the app's own migrations, then rows written straight into the tables
 * in large batches inside one transaction. Going through the API would take hours for a million
 * donations; the columns below are the only place the bench knows the table layout.
 */

type Value = string | number | null;
interface Column {
  name: string;
  /** PostgreSQL array element type for `unnest`. */
  pg: 'int4' | 'text' | 'float8';
}

const TABLES = {
  users: [
    { name: 'full_name', pg: 'text' },
    { name: 'email', pg: 'text' },
    { name: 'contact_number', pg: 'text' },
    { name: 'password_hash', pg: 'text' },
    { name: 'location', pg: 'text' },
    { name: 'role', pg: 'text' },
    { name: 'fssai_license_number', pg: 'text' },
    { name: 'created_at', pg: 'text' },
    { name: 'updated_at', pg: 'text' },
    { name: 'city', pg: 'text' },
  ],
  sessions: [
    { name: 'user_id', pg: 'int4' },
    { name: 'token_hash', pg: 'text' },
    { name: 'created_at', pg: 'text' },
    { name: 'last_seen_at', pg: 'text' },
    { name: 'expires_at', pg: 'text' },
  ],
  donations: [
    { name: 'donor_id', pg: 'int4' },
    { name: 'food_name', pg: 'text' },
    { name: 'description', pg: 'text' },
    { name: 'quantity', pg: 'text' },
    { name: 'expiry_date_time', pg: 'text' },
    { name: 'expires_at', pg: 'text' },
    { name: 'free', pg: 'int4' },
    { name: 'price_paise', pg: 'int4' },
    { name: 'location', pg: 'text' },
    { name: 'pin_code', pg: 'text' },
    { name: 'latitude', pg: 'float8' },
    { name: 'longitude', pg: 'float8' },
    { name: 'delivery_type', pg: 'text' },
    { name: 'food_type', pg: 'text' },
    { name: 'refrigeration_available', pg: 'int4' },
    { name: 'image_url', pg: 'text' },
    { name: 'status', pg: 'text' },
    { name: 'created_at', pg: 'text' },
    { name: 'updated_at', pg: 'text' },
    // Migration 0006: the public area and grid point that browse and NEAREST read.
    { name: 'area', pg: 'text' },
    { name: 'public_latitude', pg: 'float8' },
    { name: 'public_longitude', pg: 'float8' },
  ],
  donation_requests: [
    { name: 'donation_id', pg: 'int4' },
    { name: 'receiver_id', pg: 'int4' },
    { name: 'status', pg: 'text' },
    { name: 'payment_method', pg: 'text' },
    { name: 'codes_issued', pg: 'int4' },
    { name: 'created_at', pg: 'text' },
    { name: 'updated_at', pg: 'text' },
    { name: 'accepted_at', pg: 'text' },
    { name: 'completed_at', pg: 'text' },
  ],
  // Issue 32: the runs-near bench's delivery runs and its one volunteer.
  delivery_runs: [
    { name: 'request_id', pg: 'int4' },
    { name: 'donation_id', pg: 'int4' },
    { name: 'status', pg: 'text' },
    { name: 'pickup_area', pg: 'text' },
    { name: 'dropoff_area', pg: 'text' },
    { name: 'pickup_cell_lat', pg: 'float8' },
    { name: 'pickup_cell_lng', pg: 'float8' },
    { name: 'dropoff_cell_lat', pg: 'float8' },
    { name: 'dropoff_cell_lng', pg: 'float8' },
    { name: 'distance_km', pg: 'float8' },
    { name: 'window_ends_at', pg: 'text' },
    { name: 'created_at', pg: 'text' },
    { name: 'updated_at', pg: 'text' },
  ],
  volunteers: [
    { name: 'user_id', pg: 'int4' },
    { name: 'status', pg: 'text' },
    { name: 'walkthrough_version', pg: 'text' },
    { name: 'walkthrough_completed_at', pg: 'text' },
    { name: 'terms_version', pg: 'text' },
    { name: 'terms_accepted_at', pg: 'text' },
    { name: 'area_label', pg: 'text' },
    { name: 'latitude', pg: 'float8' },
    { name: 'longitude', pg: 'float8' },
    { name: 'radius_km', pg: 'int4' },
    { name: 'travel_mode', pg: 'text' },
    { name: 'created_at', pg: 'text' },
    { name: 'updated_at', pg: 'text' },
  ],
} as const satisfies Record<string, readonly Column[]>;
type Table = keyof typeof TABLES;

export const BENCH_PASSWORD = 'Bench-annadaan-2026!';

/** Cities with a few real pin codes each and a centre to scatter positions around. */
const CITIES = [
  { city: 'Mumbai', lat: 19.076, lng: 72.8777, pins: ['400050', '400012', '400001', '400070', '400093', '400601'] },
  { city: 'New Delhi', lat: 28.6139, lng: 77.209, pins: ['110017', '110006', '110001', '110025', '110092', '110085'] },
  { city: 'Bengaluru', lat: 12.9716, lng: 77.5946, pins: ['560034', '560043', '560001', '560038', '560066', '560076'] },
  { city: 'Chennai', lat: 13.0827, lng: 80.2707, pins: ['600017', '600001', '600040', '600020', '600096'] },
  { city: 'Kolkata', lat: 22.5726, lng: 88.3639, pins: ['700019', '700001', '700091', '700064', '700029'] },
  { city: 'Hyderabad', lat: 17.385, lng: 78.4867, pins: ['500001', '500034', '500081', '500016', '500072'] },
  { city: 'Pune', lat: 18.5204, lng: 73.8567, pins: ['411001', '411004', '411038', '411057'] },
  { city: 'Ahmedabad', lat: 23.0225, lng: 72.5714, pins: ['380001', '380009', '380015', '380054'] },
  { city: 'Jaipur', lat: 26.9124, lng: 75.7873, pins: ['302001', '302017', '302021'] },
  { city: 'Lucknow', lat: 26.8467, lng: 80.9462, pins: ['226001', '226010', '226016'] },
  { city: 'Patna', lat: 25.5941, lng: 85.1376, pins: ['800001', '800013', '800020'] },
  { city: 'Bhopal', lat: 23.2599, lng: 77.4126, pins: ['462001', '462016'] },
  { city: 'Kochi', lat: 9.9312, lng: 76.2673, pins: ['682001', '682016', '682024'] },
  { city: 'Guwahati', lat: 26.1445, lng: 91.7362, pins: ['781001', '781005'] },
  { city: 'Chandigarh', lat: 30.7333, lng: 76.7794, pins: ['160017', '160022'] },
  { city: 'Indore', lat: 22.7196, lng: 75.8577, pins: ['452001', '452010'] },
  { city: 'Nagpur', lat: 21.1458, lng: 79.0882, pins: ['440001', '440010'] },
  { city: 'Bhubaneswar', lat: 20.2961, lng: 85.8245, pins: ['751001', '751024'] },
  { city: 'Varanasi', lat: 25.3176, lng: 82.9739, pins: ['221001', '221005'] },
  { city: 'Coimbatore', lat: 11.0168, lng: 76.9558, pins: ['641001', '641018'] },
] as const;
const AREAS = ['Main Road', 'Market Street', 'Station Road', 'Temple Street', 'Gandhi Nagar', 'Nehru Colony', 'MG Road', 'Old Town'];
const COOKED = ['Veg biryani', 'Idli and sambar', 'Rajma chawal', 'Chapati and sabzi', 'Dal khichdi', 'Poha', 'Wedding buffet surplus', 'Paneer curry'];
const RAW = ['Rice and toor dal', 'Fresh vegetables', 'Bananas and apples', 'Wheat flour', 'Onions and potatoes', 'Milk packets'];

/** A pin code and its city that the browse query in the bench filters on. */
export const BENCH_PIN = CITIES[0].pins[0];

export interface SeedPlan {
  /** AVAILABLE, unexpired donations (the browse set). */
  available: number;
  /** Donor/receiver pairs with sessions, one pair per handover in turn (rate limits are per user and hour). */
  handoverPairs: number;
  /** Requests sent by the one "orders" receiver. */
  ordersRequests: number;
  /** Donations of the one "large account" donor (issue 12: 20,000); 0 for none. */
  largeAccountDonations?: number;
  /** One AVAILABLE cooked donation per pair's donor, for its receiver to request (the live-events run). */
  pairDonations?: boolean;
  /**
   * Issue 32: every `runsEvery`-th browse donation is accepted for delivery with an OPEN run, and one
   * approved volunteer covers 5 km of the first city's centre (its session is `volunteerToken`).
   */
  runsEvery?: number;
}

export interface SeedResult {
  /** Highest donation id of the browse set, for detail lookups by random id. */
  maxDonationId: number;
  ordersToken: string;
  /** The large-account donor's session, when the plan has one. */
  largeAccountToken: string | null;
  /** `donationId`: the pair donor's own listed donation, when the plan asked for pair donations. */
  pairs: { donorToken: string; receiverToken: string; donationId: number | null }[];
  /** Emails that sign in with BENCH_PASSWORD. */
  loginEmails: string[];
  /** The runs-near volunteer's session, when the plan has runs. */
  volunteerToken: string | null;
  seconds: number;
}

interface Writer {
  insert(table: Table, rows: Value[][]): Promise<void>;
}

/** Rows are generated in chunks so a million donations never sit in memory at once. */
const CHUNK = 20_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function seedRows(writer: Writer, plan: SeedPlan, passwordHash: string, now: Date): Promise<Omit<SeedResult, 'seconds'>> {
  const rand = seededRandom(2026);
  const iso = (ms: number) => new Date(ms).toISOString();
  const nowMs = now.getTime();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

  // Users: one donor per 50 browse donations (at least 20), the handover pairs, one orders receiver.
  const donors = Math.max(20, Math.ceil(plan.available / 50));
  const users: Value[][] = [];
  const addUser = (kind: string, index: number, role: 'DONOR' | 'RECEIVER') => {
    const place = CITIES[index % CITIES.length] ?? CITIES[0];
    const pin = place.pins[index % place.pins.length] ?? place.pins[0];
    const phone = `+9198${String(100_000_00 + users.length).padStart(8, '0')}`;
    users.push([
      `${kind} ${index}`,
      `${kind}.${index}@bench.annadaan.in`,
      phone,
      passwordHash,
      `${pick(AREAS)}, ${place.city} ${pin}`,
      role,
      null,
      iso(nowMs - 200 * DAY),
      iso(nowMs - 200 * DAY),
      place.city,
    ]);
    return users.length; // ids are 1-based and follow insertion order in a fresh database
  };
  for (let i = 0; i < donors; i += 1) addUser('donor', i, 'DONOR');
  const pairIds: { donor: number; receiver: number }[] = [];
  for (let i = 0; i < plan.handoverPairs; i += 1) {
    pairIds.push({ donor: addUser('pair-donor', i, 'DONOR'), receiver: addUser('pair-receiver', i, 'RECEIVER') });
  }
  const ordersUser = addUser('orders', 0, 'RECEIVER');
  const largeAccountUser = plan.largeAccountDonations ? addUser('large-account', 0, 'DONOR') : null;
  const volunteerUser = plan.runsEvery ? addUser('volunteer', 0, 'RECEIVER') : null;
  for (let start = 0; start < users.length; start += CHUNK) await writer.insert('users', users.slice(start, start + CHUNK));

  const sessions: Value[][] = [];
  const newSession = (userId: number) => {
    const token = crypto.randomBytes(32).toString('base64url');
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    sessions.push([userId, hash, iso(nowMs), iso(nowMs), iso(nowMs + 6 * DAY)]);
    return token;
  };
  const pairTokens = pairIds.map((pair) => ({ donorToken: newSession(pair.donor), receiverToken: newSession(pair.receiver) }));
  const ordersToken = newSession(ordersUser);
  const largeAccountToken = largeAccountUser === null ? null : newSession(largeAccountUser);
  const volunteerToken = volunteerUser === null ? null : newSession(volunteerUser);
  await writer.insert('sessions', sessions);

  // The browse set: both food types, spread over every city and pin code, all still listed.
  const donationRow = (donorId: number, status: string, rawShare: number): Value[] => {
    const place = pick(CITIES);
    const pin = pick(place.pins);
    const raw = rand() < rawShare;
    const created = raw ? nowMs - rand() * 5 * DAY : nowMs - rand() * 3 * HOUR;
    // Cooked food is listed for at most 4 hours; raw food for days.
    const expires = raw ? nowMs + HOUR + rand() * 25 * DAY : Math.max(created + 4 * HOUR - rand() * HOUR, nowMs + 20 * MINUTE + rand() * HOUR);
    const free = rand() < 0.8;
    const address = `${pick(AREAS)}, ${place.city} ${pin}`;
    const latitude = place.lat + (rand() - 0.5) * 0.2;
    const longitude = place.lng + (rand() - 0.5) * 0.2;
    return [
      donorId,
      raw ? pick(RAW) : pick(COOKED),
      'Packed and ready for pickup; please bring your own bags.',
      `${2 + Math.floor(rand() * 60)} ${raw ? 'kg' : 'plates'}`,
      iso(expires),
      iso(expires),
      free ? 1 : 0,
      free ? 0 : (1 + Math.floor(rand() * 200)) * 500,
      address,
      pin,
      latitude,
      longitude,
      pick(['SELF_PICKUP', 'DELIVERY_PARTNER', 'ANY']),
      raw ? 'RAW' : 'PRECOOKED',
      raw ? 0 : rand() < 0.5 ? 1 : 0,
      null,
      status,
      iso(created),
      iso(created),
      publicArea(address),
      snapToGrid(latitude),
      snapToGrid(longitude),
    ];
  };
  // Runs (issue 32) need a request each; their ids follow the order they are written in.
  const runs: Value[][] = [];
  const runRequests: Value[][] = [];
  for (let start = 0; start < plan.available; start += CHUNK) {
    const rows: Value[][] = [];
    for (let i = start; i < Math.min(plan.available, start + CHUNK); i += 1) {
      const row = donationRow(1 + (i % donors), 'AVAILABLE', 0.45);
      rows.push(row);
      if (plan.runsEvery && volunteerUser !== null && i % plan.runsEvery === 0) {
        const at = iso(nowMs - 10 * MINUTE);
        const requestId = runRequests.length + 1;
        runRequests.push([i + 1, 1 + ((i + 1) % donors), 'AWAITING_PICKUP', 'NOT_APPLICABLE', 1, at, at, at, null]);
        const cellLat = Number(row[20]);
        const cellLng = Number(row[21]);
        runs.push([requestId, i + 1, 'OPEN', String(row[19]), String(row[19]), cellLat, cellLng, cellLat + 0.01, cellLng + 0.01, 1.5, String(row[5]), at, at]);
      }
    }
    await writer.insert('donations', rows);
  }
  const maxDonationId = plan.available;
  if (volunteerUser !== null) {
    const place = CITIES[0];
    const at = iso(nowMs - DAY);
    await writer.insert('volunteers', [
      [volunteerUser, 'APPROVED', '2026-12-08', at, '2026-12-08', at, place.city, place.lat, place.lng, 5, 'TWO_WHEELER', at, at],
    ]);
    for (let start = 0; start < runRequests.length; start += CHUNK) await writer.insert('donation_requests', runRequests.slice(start, start + CHUNK));
    for (let start = 0; start < runs.length; start += CHUNK) await writer.insert('delivery_runs', runs.slice(start, start + CHUNK));
  }

  // History of the orders receiver: finished, rejected and cancelled requests on past donations.
  const history: Value[][] = [];
  const requests: Value[][] = [];
  const outcomes = [
    ['COMPLETED', 'COMPLETED'],
    ['REJECTED', 'EXPIRED'],
    ['CANCELLED', 'CANCELLED'],
  ] as const;
  for (let i = 0; i < plan.ordersRequests; i += 1) {
    const [requestStatus, donationStatus] = outcomes[i % outcomes.length] ?? outcomes[0];
    history.push(donationRow(1 + (i % donors), donationStatus, 0.45));
    const at = iso(nowMs - (i + 1) * HOUR);
    const done = requestStatus === 'COMPLETED';
    requests.push([maxDonationId + i + 1, ordersUser, requestStatus, 'NOT_APPLICABLE', done ? 1 : 0, at, at, done ? at : null, done ? at : null]);
  }
  await writer.insert('donations', history);
  await writer.insert('donation_requests', requests);

  // The large account: one donor with a long history in every status, after the browse set.
  const largeStatuses = ['COMPLETED', 'EXPIRED', 'CANCELLED', 'AVAILABLE'] as const;
  const largeCount = plan.largeAccountDonations ?? 0;
  for (let start = 0; largeAccountUser !== null && start < largeCount; start += CHUNK) {
    const rows: Value[][] = [];
    for (let i = start; i < Math.min(largeCount, start + CHUNK); i += 1)
      rows.push(donationRow(largeAccountUser, largeStatuses[i % largeStatuses.length] ?? 'COMPLETED', 0.45));
    await writer.insert('donations', rows);
  }

  // Each pair donor's own listing, after every donation above, so its id follows from the counts.
  const beforePairs = maxDonationId + plan.ordersRequests + (largeAccountUser === null ? 0 : largeCount);
  if (plan.pairDonations) {
    for (let start = 0; start < pairIds.length; start += CHUNK) {
      const rows = pairIds.slice(start, start + CHUNK).map((pair) => donationRow(pair.donor, 'AVAILABLE', 0));
      await writer.insert('donations', rows);
    }
  }
  const pairs = pairTokens.map((tokens, index) => ({ ...tokens, donationId: plan.pairDonations ? beforePairs + index + 1 : null }));

  const loginEmails = users.slice(0, Math.min(donors, 1000)).map((row) => String(row[1]));
  return { maxDonationId, ordersToken, largeAccountToken, pairs, loginEmails, volunteerToken };
}

function placeholders(rows: number, columns: number) {
  return Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(',')})`).join(',');
}

/** Seeds a fresh SQLite file through the app's migrations and one transaction of prepared inserts. */
export async function seedSqlite(file: string, plan: SeedPlan): Promise<SeedResult> {
  const started = performance.now();
  const database = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(database);
  await database.close();

  const passwordHash = await hashSecret(BENCH_PASSWORD);
  const connection = new SQLite(file);
  // The seed is rebuilt on failure, so it need not be crash-safe while it is written.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = OFF');
  const statements = new Map<string, SQLite.Statement>();
  const writer: Writer = {
    async insert(table, rows) {
      const columns = TABLES[table];
      const perStatement = 100;
      const key = (count: number) => `${table}:${count}`;
      const statement = (count: number) => {
        let found = statements.get(key(count));
        if (!found) {
          found = connection.prepare(`insert into ${table} (${columns.map((c) => c.name).join(',')}) values ${placeholders(count, columns.length)}`);
          statements.set(key(count), found);
        }
        return found;
      };
      connection.transaction(() => {
        for (let start = 0; start < rows.length; start += perStatement) {
          const batch = rows.slice(start, start + perStatement);
          statement(batch.length).run(batch.flat());
        }
      })();
    },
  };
  const now = new Date();
  let result: Omit<SeedResult, 'seconds'>;
  try {
    result = await seedRows(writer, plan, passwordHash, now);
  } finally {
    connection.close();
  }
  await countForMap({ kind: 'sqlite', file }, now);
  const checkpoint = new SQLite(file);
  checkpoint.pragma('wal_checkpoint(TRUNCATE)');
  checkpoint.close();
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/** Seeds a fresh PostgreSQL database: migrations, then `insert … select from unnest(arrays)` per chunk. */
export async function seedPostgres(url: string, plan: SeedPlan): Promise<SeedResult> {
  const started = performance.now();
  const database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await migrateToLatest(database);
  await database.close();

  const passwordHash = await hashSecret(BENCH_PASSWORD);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const writer: Writer = {
    async insert(table, rows) {
      const columns: readonly Column[] = TABLES[table];
      const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
      const unnest = columns.map((column, index) => `$${index + 1}::${column.pg}[]`).join(',');
      await client.query(`insert into ${table} (${columns.map((c) => c.name).join(',')}) select * from unnest(${unnest})`, arrays);
    },
  };
  try {
    await client.query('begin');
    const now = new Date();
    const result = await seedRows(writer, plan, passwordHash, now);
    await client.query('commit');
    await countForMap({ kind: 'postgres', url, poolSize: 2 }, now);
    // What autovacuum does to a live database within a minute of a bulk insert, done now: the
    // statistics, and the visibility map without which every index-only count (browse, a donor's
    // total) visits the table for each entry. Without it (and this machine's server runs with
    // autovacuum off) browse read afresh touched 216 buffers a request instead of 5, and the
    // 20,000-donation account's total 1,918 instead of 207 (docs/decisions/047).
    await client.query('vacuum analyze');
    return { ...result, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Rows written straight into the tables are counted for the map the way the app counts them (map_cells). */
async function countForMap(options: Parameters<typeof openDatabase>[0], now: Date): Promise<void> {
  const database = openDatabase(options);
  try {
    await database.db.transaction().execute((trx) => rebuildMapCells(trx, now));
  } finally {
    await database.close();
  }
}
