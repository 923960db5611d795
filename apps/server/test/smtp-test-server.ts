import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  /** The message as it arrived, headers and all. */
  raw: string;
}

/**
 * A real SMTP server on a loopback port for the email tests (smtp-server, read with mailparser).
 * Recipients at `refuse.test` are refused for good (550), those at `later.test` for now (451),
 * as a mail server does for an unknown mailbox or a full queue.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const domain = address.address.split('@')[1] ?? '';
      const refusal = (message: string, code: number) => Object.assign(new Error(message), { responseCode: code });
      if (domain === 'refuse.test') return callback(refusal('5.1.1 No such mailbox', 550));
      if (domain === 'later.test') return callback(refusal('4.3.2 Try again later', 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((to) => to.address), parsed, raw });
            for (const waiter of [...waiters]) {
              if (received.length >= waiter.count) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve();
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages in all have arrived (the test's own timeout bounds the wait). */
    waitForCount(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    /** The newest message sent to `address`, waiting for it when it has not arrived yet. */
    async lastTo(address: string, after = 0): Promise<ReceivedMail> {
      for (;;) {
        const found = received
          .slice(after)
          .filter((mail) => mail.envelopeTo.includes(address))
          .at(-1);
        if (found) return found;
        await this.waitForCount(received.length + 1);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;
