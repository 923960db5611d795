import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogOutboxNotifier } from './notifier';

function collectingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { log: Fastify({ logger: { stream } }).log, lines };
}

const message = (n: number) => ({
  to: { email: `person${n}@example.in`, contactNumber: '+919876543210' },
  subject: 'Your code',
  text: `Your code is 12345${n % 10}.`,
  secrets: [`12345${n % 10}`],
});

describe('log and outbox notifier', () => {
  it('keeps the code in the outbox and masks it in the log', async () => {
    const { log, lines } = collectingLogger();
    const notifier = createLogOutboxNotifier(log, () => new Date('2026-06-01T00:00:00.000Z'));
    await notifier.send(message(7));
    expect(notifier.messages()).toEqual([
      {
        email: 'person7@example.in',
        contactNumber: '+919876543210',
        subject: 'Your code',
        text: 'Your code is 123457.',
        sentAt: '2026-06-01T00:00:00.000Z',
        channel: 'email',
        template: null,
      },
    ]);
    expect(lines.join('')).not.toContain('123457');
    expect(lines.join('')).not.toContain('person7@example.in');
  });

  it('keeps only the most recent messages', async () => {
    const { log } = collectingLogger();
    const notifier = createLogOutboxNotifier(log, () => new Date(), 3);
    for (let n = 1; n <= 5; n += 1) await notifier.send(message(n));
    expect(notifier.messages().map((m) => m.email)).toEqual(['person3@example.in', 'person4@example.in', 'person5@example.in']);
  });
});
