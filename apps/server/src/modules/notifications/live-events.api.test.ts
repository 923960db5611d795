import type { AddressInfo } from 'node:net';
import type { Notification } from '@annadaan/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { MINUTE, toIso } from '../../lib/clock';
import { setDeactivated } from '../admin/admin-repository';
import { createSession, hashToken } from '../auth/sessions-repository';
import { describeEachDatabase } from '../../../test/test-app';
import { donate, post, requestDonation } from '../../../test/test-handover';
import { type TestUser, createTestUser } from '../../../test/test-users';
import { notices, recordNotification } from './notifications-service';
import { insertNotifications } from './notifications-repository';

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** A real stream over a real socket: reads events as they arrive, until told to stop. */
async function openStream(base: string, user: TestUser, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { ...user.headers, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const received: SseEvent[] = [];
  const comments: string[] = [];
  /** The `id:` field of each notification event handed out by `next`, in order (undefined when absent). */
  const ids: (string | undefined)[] = [];
  /** Resolves with the next `count` notifications (waits on the stream, no timers). */
  const next = async (count: number): Promise<Notification[]> => {
    while (received.filter((event) => event.event === 'notification').length < count) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line);
          else if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data = line.slice(6);
        }
        if (event.event) received.push(event);
        split = buffer.indexOf('\n\n');
      }
    }
    const notifications = received.filter((event) => event.event === 'notification').splice(0, count);
    for (const event of notifications) received.splice(received.indexOf(event), 1);
    return notifications.map((event) => {
      const notification = JSON.parse(event.data ?? '{}') as Notification;
      ids.push(event.id);
      if (event.id !== undefined) expect(event.id).toBe(String(notification.id));
      return notification;
    });
  };
  /** Resolves when the server ends the stream. */
  const ended = async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return true;
    }
  };
  return { response, next, ended, comments, ids, close: () => controller.abort() };
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describeEachDatabase('live events: GET /api/events', (ctx) => {
  let base: string;
  beforeAll(async () => {
    base = await listening(ctx().app);
  });

  it('pushes each new notification to the signed-in recipient only, as it is created', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Live donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Live receiver' });
    const donation = await donate(ctx(), donor);
    const donorStream = await openStream(base, donor);
    const receiverStream = await openStream(base, receiver);
    expect(donorStream.response.status).toBe(200);
    expect(donorStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(donorStream.response.headers.get('cache-control')).toBe('no-store');
    try {
      const request = await requestDonation(ctx(), receiver, donation.id);
      const [received] = await donorStream.next(1);
      expect(received).toMatchObject({ kind: 'REQUEST_RECEIVED', link: `/my-received-requests?donation=${donation.id}`, readAt: null });

      expect((await post(ctx(), `/api/requests/${request.id}/accept`, donor)).statusCode).toBe(200);
      const [accepted] = await receiverStream.next(1);
      // The receiver's stream carries only the receiver's: the donor's REQUEST_RECEIVED never came.
      expect(accepted).toMatchObject({ kind: 'REQUEST_ACCEPTED', link: '/my-order' });
      // Woken as the rows were written, not by the heartbeat's catch-up read.
      expect([...donorStream.comments, ...receiverStream.comments]).not.toContain(': heartbeat');
    } finally {
      donorStream.close();
      receiverStream.close();
    }
  });

  it('resumes after Last-Event-ID with what was missed, in order', async () => {
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Resuming donor' });
    const first = await openStream(base, donor);
    const donation = await donate(ctx(), donor);
    const one = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'One' });
    await requestDonation(ctx(), one, donation.id);
    const [seen] = await first.next(1);
    first.close();
    // Two more while the donor's screen was offline.
    for (const name of ['Two', 'Three']) await requestDonation(ctx(), await createTestUser(ctx(), { role: 'RECEIVER', fullName: name }), donation.id);
    const resumed = await openStream(base, donor, seen?.id);
    try {
      const missed = await resumed.next(2);
      expect(missed.map((item) => item.id)).toEqual([...missed.map((item) => item.id)].sort((a, b) => a - b));
      expect(missed.every((item) => item.id > (seen?.id ?? 0) && item.kind === 'REQUEST_RECEIVED')).toBe(true);
    } finally {
      resumed.close();
    }
  });

  it('refuses a stream without a valid bearer token, and a bad Last-Event-ID', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/events?token=x`)).status).toBe(401);
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Bad header' });
    const bad = await fetch(`${base}/api/events`, { headers: { ...person.headers, 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as { fieldErrors: object }).includes('fieldErrors')).toBe(true);
  });

  it('reaches a stream held by another instance on the same PostgreSQL', async () => {
    const other = await ctx().secondInstance();
    if (!other) return;
    const otherBase = await listening(other);
    const donor = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Cross donor' });
    const receiver = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Cross receiver' });
    const donation = await donate(ctx(), donor);
    // The stream is on the second instance; the request is made through the first.
    const stream = await openStream(otherBase, donor);
    try {
      await requestDonation(ctx(), receiver, donation.id);
      const [received] = await stream.next(1);
      expect(received?.kind).toBe('REQUEST_RECEIVED');
      // Carried by LISTEN/NOTIFY, not by the heartbeat's catch-up read 15 s later.
      expect(stream.comments).not.toContain(': heartbeat');
    } finally {
      stream.close();
    }
  });

  it('on PostgreSQL, still sends a row that committed after a newer one (ids out of commit order)', async () => {
    if (ctx().dialect !== 'postgres') {
      expect(ctx().dialect).toBe('sqlite');
      return;
    }
    const user = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Racing commits' });
    const stream = await openStream(base, user);
    try {
      const now = ctx().clock.now();
      let insertedFirst!: () => void;
      let releaseFirst!: () => void;
      const inserted = new Promise<void>((resolve) => (insertedFirst = resolve));
      const release = new Promise<void>((resolve) => (releaseFirst = resolve));
      // The first transaction takes the lower id and commits last.
      const first = ctx()
        .database.db.transaction()
        .execute(async (trx) => {
          await recordNotification(trx, notices.passwordChanged(user.id), now);
          insertedFirst();
          await release;
        });
      await inserted;
      await ctx()
        .database.db.transaction()
        .execute((trx) => recordNotification(trx, notices.phoneChanged(user.id), now));
      const [newer] = await stream.next(1);
      expect(newer?.title).toBe('Your phone number was changed');
      releaseFirst();
      await first;
      const [older] = await stream.next(1);
      expect(older?.title).toBe('Your password was changed');
      expect(older?.id).toBeLessThan(newer?.id ?? 0);
      // Sent without an id line, so a reconnect still resumes after the newest row.
      expect(stream.ids).toEqual([String(newer?.id), undefined]);
    } finally {
      stream.close();
    }
  });
});

describeEachDatabase('live events: heartbeat', (ctx) => {
  let base: string;
  beforeAll(async () => {
    base = await listening(ctx().app);
  });

  it('pings a live stream and ends one whose session was signed out', async () => {
    const kept = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Kept' });
    const signedOut = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Signed out' });
    const keptStream = await openStream(base, kept);
    const goneStream = await openStream(base, signedOut);
    try {
      expect(ctx().app.liveEvents.size()).toBe(2);
      expect((await post(ctx(), '/api/auth/logout', signedOut)).statusCode).toBe(204);
      await ctx().app.liveEvents.beat();
      expect(await goneStream.ended()).toBe(true);
      expect(ctx().app.liveEvents.size()).toBe(1);
      // The kept stream still works after the beat: its next notification arrives.
      const donation = await donate(ctx(), kept);
      await requestDonation(ctx(), await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'After beat' }), donation.id);
      await keptStream.next(1);
      expect(keptStream.comments).toContain(': heartbeat');
    } finally {
      keptStream.close();
      goneStream.close();
    }
  });
});

describeEachDatabase('live events: heartbeat over many streams', (ctx) => {
  let base: string;
  beforeAll(async () => {
    base = await listening(ctx().app);
  });

  it("checks every stream's session in one beat: ends signed-out sessions and deactivated accounts, keeps a person's other session", async () => {
    const twoDevices = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Two devices' });
    const phoneToken = await createSession(ctx().database.db, twoDevices.id, ctx().clock.now());
    const phone: TestUser = { ...twoDevices, token: phoneToken, headers: { authorization: `Bearer ${phoneToken}` } };
    const signedOut = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Signs out' });
    const deactivated = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Deactivated' });
    const kept = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Stays' });
    const streams = await Promise.all([twoDevices, phone, signedOut, deactivated, kept].map((user) => openStream(base, user)));
    const [laptopStream, phoneStream, signedOutStream, deactivatedStream] = streams;
    try {
      expect(ctx().app.liveEvents.size()).toBe(5);
      expect((await post(ctx(), '/api/auth/logout', phone)).statusCode).toBe(204);
      expect((await post(ctx(), '/api/auth/logout', signedOut)).statusCode).toBe(204);
      expect(await setDeactivated(ctx().database.db, deactivated.id, true, ctx().clock.now())).toBe(true);
      await ctx().app.liveEvents.beat();
      expect(await phoneStream?.ended()).toBe(true);
      expect(await signedOutStream?.ended()).toBe(true);
      expect(await deactivatedStream?.ended()).toBe(true);
      expect(ctx().app.liveEvents.size()).toBe(2);
      // The laptop's session is still signed in: its stream stays and still delivers.
      const donation = await donate(ctx(), twoDevices);
      await requestDonation(ctx(), kept, donation.id);
      const [received] = (await laptopStream?.next(1)) ?? [];
      expect(received?.kind).toBe('REQUEST_RECEIVED');
      expect(laptopStream?.comments).toContain(': heartbeat');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('sends a row written without a wake-up at the next beat, once, and one heartbeat for beats asked for together', async () => {
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Missed wake' });
    const stream = await openStream(base, person);
    try {
      // Written straight to the table: no local wake (SQLite); on PostgreSQL the trigger still notifies.
      await insertNotifications(ctx().database.db, [notices.passwordChanged(person.id)], ctx().clock.now());
      await Promise.all([ctx().app.liveEvents.beat(), ctx().app.liveEvents.beat()]);
      const [missed] = await stream.next(1);
      expect(missed).toMatchObject({ kind: 'ACCOUNT_SECURITY', title: 'Your password was changed' });
      // A later beat finds nothing new for this stream: the next message is the next row, not the same one again.
      await ctx().app.liveEvents.beat();
      await insertNotifications(ctx().database.db, [notices.phoneChanged(person.id)], ctx().clock.now());
      await ctx().app.liveEvents.beat();
      const [next] = await stream.next(1);
      expect(next?.title).toBe('Your phone number was changed');
      expect(next?.id).toBeGreaterThan(missed?.id ?? Infinity);
      // Woken as usual, after every beat above: all their heartbeats are before it on the stream.
      await recordNotification(ctx().database.db, notices.resetRequested(person.id), ctx().clock.now());
      expect((await stream.next(1))[0]?.title).toBe('A password reset was asked for');
      expect(stream.comments.filter((comment) => comment === ': heartbeat')).toHaveLength(3);
    } finally {
      stream.close();
    }
  });

  it("keeps a long-open stream's session from idling out: a beat marks it seen", async () => {
    const person = await createTestUser(ctx(), { role: 'RECEIVER', fullName: 'Long open' });
    const stream = await openStream(base, person);
    try {
      ctx().clock.advance(2 * MINUTE);
      await ctx().app.liveEvents.beat();
      const row = await ctx()
        .database.db.selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', hashToken(person.token))
        .executeTakeFirstOrThrow();
      expect(row.last_seen_at).toBe(toIso(ctx().clock.now()));
    } finally {
      stream.close();
    }
  });
});

describeEachDatabase('live events: closing the app', (ctx) => {
  let base: string;
  beforeAll(async () => {
    base = await listening(ctx().app);
  });

  it('ends open streams when the app closes, so shutdown is not held up', async () => {
    const person = await createTestUser(ctx(), { role: 'DONOR', fullName: 'Closing' });
    const stream = await openStream(base, person);
    const closed = ctx().app.close();
    expect(await stream.ended()).toBe(true);
    await closed;
  });
});
