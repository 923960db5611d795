import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { STRONG_PASSWORD, newPerson } from '../accounts';
import { describeEachDatabase } from '../test-app';
import { baseDonation } from '../test-handover';
import { type Person, foodNeed } from '../test-people';
import { type Snapshot, changedTables, listTables, snapshot } from './db-snapshot';
import { type HostileRequest, hostileRequests } from './hostile-inputs';
import { type Operation, fillPath, listOperations } from './openapi-operations';
import { acceptedRequest, buildWorld, clearThrottles, freshSession, makeFoodNeed, pendingRequest } from './security-fixtures';
import { injectCall } from './stream-routes';

/** CI runs one known seed; locally each run explores new inputs. Either way the seed is printed. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20261120 : Math.floor(Math.random() * 2 ** 31);
/** Runs per route and database: about 16 s per database here (3,860 calls), more when the cores are busy. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Routes without params, query or body can only get odd bodies and content types: fewer runs find all there is. */
const RUNS_WITHOUT_INPUTS = Math.min(RUNS, 10);
const FILE = 'apps/server/test/security/fuzz.api.test.ts';

console.warn(`fuzz seed ${SEED}, ${RUNS} runs per route. Reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run ${FILE}`);

/** Rejections that count an attempt on purpose (decisions 004 and 005): a wrong code must cost a try. */
const COUNTED_REJECTIONS: Record<string, { codes: string[]; tables: string[] }> = {
  'POST /api/requests/{id}/confirm-pickup': { codes: ['WRONG_PICKUP_CODE', 'LOCKED'], tables: ['donation_requests'] },
  'POST /api/auth/reset-password': { codes: ['VALIDATION_ERROR'], tables: ['password_resets'] },
  'POST /api/me/phone/verification/confirm': { codes: ['VALIDATION_ERROR'], tables: ['phone_verifications'] },
};

/** What must never reach a client: stack frames, file paths, database internals. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat .*\(.*:\d+:\d+\)/],
  ['node_modules path', /node_modules/],
  ['source path', /\/(?:work|home|tmp|app)\/[\w.-]+\//],
  ['SQLite error', /SQLITE_|sqlite3?\b/i],
  ['PostgreSQL error', /syntax error at|violates .* constraint|invalid input syntax|relation ".*"|column ".*"|duplicate key/i],
  ['TypeScript source', /\.ts:\d+/],
];

/** Valid bodies that the fuzzer mutates one or two fields at a time. */
function exampleBodies(): Record<string, Record<string, unknown>> {
  return {
    'POST /api/auth/register': { ...newPerson() },
    'POST /api/auth/login': { email: 'asha@example.in', password: STRONG_PASSWORD },
    'POST /api/auth/forgot-password': { email: 'asha@example.in', contactNumber: '9876543210' },
    'POST /api/auth/reset-password': { email: 'asha@example.in', contactNumber: '9876543210', code: '123456', newPassword: 'Monsoon-Lantern-77' },
    'POST /api/user/change-password': { currentPassword: 'not-the-password', newPassword: 'Monsoon-Lantern-77' },
    'PUT /api/user/update-profile': { fullName: 'Asha Verma', location: 'Pune 411001', address: 'Flat 2' },
    'POST /api/donations': { ...baseDonation, free: false, price: 20, foodType: 'RAW', expiryDateTime: '2026-06-03T10:00' },
    'POST /api/requests/create/{donationId}': { paymentMethod: 'UPI' },
    'POST /api/requests/{id}/confirm-pickup': { pickupCode: '123456' },
    'POST /api/ratings/submit': { donationRequestId: 1, rating: 4, comment: 'Good' },
    'POST /api/food-requests/create': { ...foodNeed(), offerPrice: 50, paymentMethod: 'CASH' },
    'POST /api/contact': { name: 'Meera', email: 'meera@example.in', subject: 'Hello', message: 'How do I donate?' },
  };
}

function hasInputs(operation: Operation): boolean {
  return operation.pathParams.length > 0 || operation.query.length > 0 || operation.body !== undefined || operation.consumesMultipart;
}

function describeInput(operation: Operation, input: HostileRequest) {
  const payload = input.payload && input.payload.length > 300 ? `${input.payload.slice(0, 300)}… (${input.payload.length} chars)` : input.payload;
  return `${operation.key} ${JSON.stringify({ ...input, payload })}`;
}

describeEachDatabase(
  'OpenAPI-driven fuzzing',
  (ctx) => {
    let user: Person;
    let tables: string[];
    const realIds: Record<string, string[]> = {};

    beforeAll(async () => {
      const world = await buildWorld(ctx());
      // The fuzzing user owns a pending request's donation, an accepted one's, and a need, so real ids reach deep code.
      user = world.owner;
      const pending = await pendingRequest(world);
      const accepted = await acceptedRequest(world);
      const need = await makeFoodNeed(world);
      const ids = [pending.requestId, accepted.requestId, pending.donationId, accepted.donationId, need, world.other.id].map(String);
      realIds.id = ids;
      realIds.donationId = ids;
      tables = await listTables(ctx());
    });

    it('finds every route in the OpenAPI document', () => {
      expect(listOperations(ctx().app).length).toBeGreaterThan(40);
    });

    it('answers hostile input on every route with a 2xx or a clean 4xx, and a 4xx writes nothing', async () => {
      const operations = listOperations(ctx().app);
      const examples = exampleBodies();
      const started = Date.now();
      let calls = 0;
      let current: Snapshot = await snapshot(ctx(), tables);
      const slowest: [string, number][] = [];
      for (const [index, operation] of operations.entries()) {
        const routeStarted = Date.now();
        await clearThrottles(ctx());
        await fc.assert(
          fc.asyncProperty(hostileRequests(operation, realIds, examples[operation.key]), async (input) => {
            calls += 1;
            const headers: Record<string, string> = {};
            if (input.signedIn) headers.authorization = `Bearer ${user.token}`;
            if (input.contentType) headers['content-type'] = input.contentType;
            const response = await injectCall(ctx().app, operation.key, {
              method: operation.method as 'GET' | 'POST' | 'PUT',
              url: fillPath(operation.path, input.path, true) + input.query,
              headers,
              ...(input.payload !== undefined ? { payload: input.payload } : {}),
            });
            const status = response.statusCode;
            const context = `${describeInput(operation, input)} → ${status} ${response.body.slice(0, 500)}`;
            expect(status, context).toBeLessThan(500);
            for (const [what, pattern] of LEAKS) expect(pattern.test(response.body), `${what} in the body: ${context}`).toBe(false);

            const after = await snapshot(ctx(), tables);
            if (status >= 400) {
              const body = response.json<{ message?: unknown; code?: unknown; fieldErrors?: unknown }>();
              expect(typeof body.message, context).toBe('string');
              expect(typeof body.code, context).toBe('string');
              if (body.fieldErrors !== undefined)
                expect(
                  Object.values(body.fieldErrors as object).every((value) => typeof value === 'string'),
                  context,
                ).toBe(true);
              const allowed = COUNTED_REJECTIONS[operation.key];
              const changed = changedTables(current, after).filter((table) => !(allowed?.codes.includes(String(body.code)) && allowed.tables.includes(table)));
              expect(changed, `a rejected call changed the database: ${context}`).toEqual([]);
            }
            current = after;
            // A fuzzed sign-out ends the session the next inputs need.
            if (operation.key === 'POST /api/auth/logout' && status === 204) user = await freshSession(ctx(), user);
          }),
          { seed: SEED + index, numRuns: hasInputs(operation) ? RUNS : RUNS_WITHOUT_INPUTS, endOnFailure: true },
        );
        slowest.push([operation.key, Date.now() - routeStarted]);
      }
      slowest.sort((a, b) => b[1] - a[1]);
      console.warn(
        `fuzz [${ctx().dialect}]: ${operations.length} routes, ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; slowest: ${slowest
          .slice(0, 4)
          .map(([key, ms]) => `${key} ${ms} ms`)
          .join(', ')}`,
      );
    }, 300_000);
  },
  { DEV_OUTBOX: 'true', GEOCODER_URL: 'http://127.0.0.1:9' },
);
