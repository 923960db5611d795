import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { describeEachDatabase } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';
import { MESSAGES } from '@annadaan/contract/message-codes';
import { listensOnLoopbackOnly } from './dev-outbox-routes';
import { errorBody } from '../../../test/error-body';

const LOCAL_CALLERS = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'];
const REFUSED = errorBody({ message: MESSAGES.OUTBOX_REFUSED, code: 'FORBIDDEN' });

describeEachDatabase(
  'dev outbox on a server listening on every interface (npm start): an admin only',
  (ctx) => {
    const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

    it('refuses any other address, whatever forwarded headers say', async () => {
      for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:10.1.2.3', 'fe80::1']) {
        const response = await read(address, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' });
        expect(response.statusCode, address).toBe(403);
        expect(response.json()).toEqual(REFUSED);
      }
    });

    it('answers a signed-in admin, from anywhere', async () => {
      const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Outbox Admin' });
      for (const address of ['203.0.113.7', '127.0.0.1']) {
        const response = await read(address, admin.headers);
        expect(response.statusCode, address).toBe(200);
        expect(response.json()).toHaveProperty('messages');
      }
    });
  },
  { HOST: '0.0.0.0' },
);

describeEachDatabase(
  'dev outbox on a server listening on loopback alone: every caller is on this machine',
  (ctx) => {
    it('answers without signing in', async () => {
      for (const address of LOCAL_CALLERS) {
        expect((await ctx().app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: address })).statusCode, address).toBe(200);
      }
    });

    it('does not exist with NODE_ENV=production', async () => {
      const app = await buildApp({ config: { ...ctx().config, env: 'production', devOutbox: true }, database: ctx().database });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });
  },
  { HOST: '127.0.0.1' },
);

it('knows a loopback-only host from one that listens wider', () => {
  for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])
    expect(listensOnLoopbackOnly(host), host).toBe(true);
  for (const host of ['0.0.0.0', '::', '192.168.1.20', '127.0.0.1.evil', 'localhost.example', '::ffff:8.8.8.8'])
    expect(listensOnLoopbackOnly(host), host).toBe(false);
});
