import { expect, it } from 'vitest';
import { registerPerson } from '../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../test/test-app';

/** The client address the server settled on for one request, as its request log line shows it (JSON logs). */
async function seenAddress(ctx: TestContext, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const before = ctx.logs().length;
  await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  const line = ctx
    .logs()
    .slice(before)
    .map((entry) => JSON.parse(entry) as { req?: { remoteAddress?: string } })
    .find((entry) => entry.req?.remoteAddress !== undefined);
  if (!line?.req?.remoteAddress) throw new Error('no request log line');
  return line.req.remoteAddress;
}

const wrongLogin = (ctx: TestContext, email: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Wrong-Password-1' },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describeEachDatabase(
  'behind one proxy (TRUST_PROXY=1)',
  (ctx) => {
    it('uses the address the proxy saw, whatever the client wrote to the left of it', async () => {
      expect(await seenAddress(ctx(), '127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
      expect(await seenAddress(ctx(), '127.0.0.1', '203.0.113.8')).toBe('203.0.113.8');
      expect(await seenAddress(ctx(), '127.0.0.1')).toBe('127.0.0.1');
    });

    it('keeps the per-address sign-in limit though the client changes its X-Forwarded-For every time', async () => {
      const person = await registerPerson(ctx());
      for (let n = 0; n < 30; n += 1) {
        // A different account each time keeps the per-account limits out of the way.
        const response = await wrongLogin(ctx(), `flood${n}@example.in`, `10.9.${n}.1, 198.51.100.20`);
        expect(response.statusCode).toBe(401);
      }
      const refused = await wrongLogin(ctx(), person.email, '10.9.99.1, 198.51.100.20');
      expect(refused.statusCode).toBe(429);
      // Another client behind the same proxy is not affected.
      expect((await wrongLogin(ctx(), person.email, '10.9.99.1, 198.51.100.21')).statusCode).toBe(401);
    });
  },
  { TRUST_PROXY: '1', LOG_FORMAT: 'json' },
);

describeEachDatabase(
  'behind listed proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
  (ctx) => {
    it('uses the right-most address that is not one of the proxies', async () => {
      expect(await seenAddress(ctx(), '127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
      expect(await seenAddress(ctx(), '10.4.5.6', '203.0.113.10')).toBe('203.0.113.10');
    });

    it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
      expect(await seenAddress(ctx(), '198.51.100.50', '203.0.113.11')).toBe('198.51.100.50');
    });
  },
  { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', LOG_FORMAT: 'json' },
);
