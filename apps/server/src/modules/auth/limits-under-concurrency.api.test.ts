import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import { MINUTE } from '../../lib/clock';
import type { WorkGate } from '../../lib/work-gate';
import { freshAddress, newPerson, registerPerson } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { errorBody } from '../../../test/error-body';

const NEW_PASSWORD = 'Monsoon-Lantern-77';

/** The app and, on PostgreSQL, a second instance on the same database: requests alternate between them. */
async function instances(ctx: TestContext): Promise<FastifyInstance[]> {
  const second = await ctx.secondInstance();
  return second ? [ctx.app, second] : [ctx.app];
}

function pick(apps: FastifyInstance[], n: number): FastifyInstance {
  const app = apps[n % apps.length];
  if (!app) throw new Error('no app');
  return app;
}

function countStatuses(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = freshAddress()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

async function outboxCodes(apps: FastifyInstance[], email: string): Promise<string[]> {
  const codes: string[] = [];
  for (const app of apps) {
    const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(email)}` });
    for (const message of response.json<{ messages: { text: string }[] }>().messages) {
      const match = /\b(\d{6})\b/.exec(message.text);
      if (match?.[1]) codes.push(match[1]);
    }
  }
  return codes;
}

/** Takes every running slot and every place in the queue, so any hashing is turned away with 503. */
async function fillGate(gate: WorkGate, waiting = gate.queueSize) {
  const held: Promise<() => void>[] = [];
  for (let n = 0; n < gate.concurrency + waiting; n += 1) {
    const slot = gate.tryAcquire();
    if (!slot) throw new Error('gate already full');
    held.push(slot);
  }
  return async () => {
    // Releasing a running slot hands it to the next holder in line, who releases it in turn.
    for (const slot of held) (await slot)();
  };
}

describeEachDatabase('limits hold under parallel requests', (ctx) => {
  it('checks at most 10 of 30 parallel wrong passwords for one account and address, across instances', async () => {
    const person = await registerPerson(ctx());
    const apps = await instances(ctx());
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, n) => login(pick(apps, n), person.email, `Wrong-Password-${n}`, address)));
    expect(countStatuses(responses)).toEqual({ 401: 10, 429: 20 });
    // The right password from that address waits too: the 10 were counted, whichever instance saw them.
    expect((await login(ctx().app, person.email, person.password, address)).statusCode).toBe(429);
  });

  it('creates at most 20 accounts from 25 parallel sign-ups from one address', async () => {
    const apps = await instances(ctx());
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, n) => pick(apps, n).inject({ method: 'POST', url: '/api/auth/register', payload: newPerson(), remoteAddress: address })),
    );
    expect(countStatuses(responses)).toEqual({ 201: 20, 429: 5 });
  });

  it('checks a reset code at most 5 times under a parallel burst, and the right code is burnt after', async () => {
    const person = await registerPerson(ctx());
    const apps = await instances(ctx());
    expect(
      (await ctx().app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email, contactNumber: person.contactNumber } }))
        .statusCode,
    ).toBe(200);
    const [code] = await outboxCodes(apps, person.email);
    if (!code) throw new Error('no code sent');
    const wrong = code === '000000' ? '111111' : '000000';
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        pick(apps, n).inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email: person.email, contactNumber: person.contactNumber, code: wrong, newPassword: NEW_PASSWORD },
          remoteAddress: freshAddress(),
        }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 12 });
    const row = await ctx().database.db.selectFrom('password_resets').select('failed_attempts').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Number(row.failed_attempts)).toBe(5);

    const right = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(right.statusCode).toBe(400);
    expect((await login(ctx().app, person.email, person.password)).statusCode).toBe(200);
  });

  it('sends at most 5 reset codes for an account from 10 parallel requests', async () => {
    const person = await registerPerson(ctx());
    const apps = await instances(ctx());
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        pick(apps, n).inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: person.email, contactNumber: person.contactNumber },
          remoteAddress: freshAddress(),
        }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 200: 10 });
    expect(await outboxCodes(apps, person.email)).toHaveLength(5);
  });
});

describeEachDatabase('per-address limits on password reset', (ctx) => {
  it('takes 10 forgot-password requests per address across accounts, then 429 before any hashing', async () => {
    const address = freshAddress();
    for (let n = 0; n < 10; n += 1) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `someone${n}@example.in`, contactNumber: '9876500000' },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(200);
    }
    // With the hashing queue full, anything that reached a hash would be 503: the 429 comes first.
    const release = await fillGate(ctx().app.passwordHasher.gate);
    try {
      const refused = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone-else@example.in', contactNumber: '9876500000' },
        remoteAddress: address,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    } finally {
      await release();
    }
    ctx().clock.advance(15 * MINUTE);
    const later = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'someone-else@example.in', contactNumber: '9876500000' },
      remoteAddress: address,
    });
    expect(later.statusCode).toBe(200);
  });

  it('takes 20 reset-password attempts per address across accounts, then 429 before any hashing', async () => {
    const address = freshAddress();
    const attempt = (n: number) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: `someone${n}@example.in`, contactNumber: '9876500000', code: '123456', newPassword: NEW_PASSWORD },
        remoteAddress: address,
      });
    for (let n = 0; n < 20; n += 1) expect((await attempt(n)).statusCode).toBe(400);
    const release = await fillGate(ctx().app.passwordHasher.gate);
    try {
      const refused = await attempt(20);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await release();
    }
  });
});

describeEachDatabase(
  'a bounded hashing queue',
  (ctx) => {
    it('answers 503 with Retry-After when the queue is full, and serves sign-in again once it drains', async () => {
      const person = await registerPerson(ctx());
      const gate = ctx().app.passwordHasher.gate;
      const release = await fillGate(gate);
      let busy;
      try {
        busy = await login(ctx().app, person.email, person.password);
      } finally {
        await release();
      }
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual(errorBody({ message: 'The server is busy right now. Please try again in a moment.', code: 'SERVER_BUSY' }));
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
      expect((await login(ctx().app, person.email, person.password)).statusCode).toBe(200);
    });

    it('keeps room in the queue for sign-in when password-reset work fills its half', async () => {
      const person = await registerPerson(ctx());
      const gate = ctx().app.passwordHasher.gate;
      // One hash running and one waiting: the reset half of a queue of 2 is full, sign-in's is not.
      const release = await fillGate(gate, 1);
      const forgot = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: person.email, contactNumber: person.contactNumber },
        remoteAddress: freshAddress(),
      });
      expect(forgot.statusCode).toBe(503);
      const signIn = login(ctx().app, person.email, person.password);
      await vi.waitFor(() => expect(gate.load.waiting).toBe(2));
      await release();
      expect((await signIn).statusCode).toBe(200);
    });
  },
  { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' },
);

describeEachDatabase('sign-in throttle per account, from any address', (ctx) => {
  it('after 20 failures in a row waits 1 s, doubling with each failure, and an address that signed in before skips the wait', async () => {
    const person = await registerPerson(ctx());
    const home = freshAddress();
    expect((await login(ctx().app, person.email, person.password, home)).statusCode).toBe(200);
    for (let n = 0; n < 20; n += 1) expect((await login(ctx().app, person.email, `Wrong-Password-${n}`)).statusCode).toBe(401);

    const waiting = await login(ctx().app, person.email, person.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    ctx().clock.advance(1000);
    expect((await login(ctx().app, person.email, 'Wrong-Password-x')).statusCode).toBe(401);
    expect((await login(ctx().app, person.email, person.password)).headers['retry-after']).toBe('2');
    ctx().clock.advance(2000);
    expect((await login(ctx().app, person.email, 'Wrong-Password-y')).statusCode).toBe(401);
    expect((await login(ctx().app, person.email, person.password)).headers['retry-after']).toBe('4');

    // The owner at home is not kept out, and signing in clears the count for every address.
    expect((await login(ctx().app, person.email, person.password, home)).statusCode).toBe(200);
    expect((await login(ctx().app, person.email, person.password)).statusCode).toBe(200);
  });

  it('never waits more than 15 minutes, and after 100 failures in a row only a password reset lets anyone in', async () => {
    const person = await registerPerson(ctx());
    const home = freshAddress();
    expect((await login(ctx().app, person.email, person.password, home)).statusCode).toBe(200);
    let failures = 0;
    let longestWait = 0;
    while (failures < 100) {
      const response = await login(ctx().app, person.email, `Wrong-Password-${failures}`);
      if (response.statusCode === 429) {
        const wait = Number(response.headers['retry-after']);
        longestWait = Math.max(longestWait, wait);
        ctx().clock.advance(wait * 1000);
        continue;
      }
      expect(response.statusCode, `failure ${failures + 1}`).toBe(401);
      failures += 1;
    }
    expect(longestWait).toBe(15 * 60);
    const locked = await login(ctx().app, person.email, person.password, home);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'PASSWORD_RESET_REQUIRED' });
    expect((await login(ctx().app, person.email, person.password)).statusCode).toBe(423);

    const forgot = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email, contactNumber: person.contactNumber },
      remoteAddress: freshAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    const [code] = await outboxCodes([ctx().app], person.email);
    const reset = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: person.email, contactNumber: person.contactNumber, code, newPassword: NEW_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(ctx().app, person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
