import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { describeEachDatabase } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';
import { isLoopback } from './dev-outbox-routes';
import { errorBody } from '../../../test/error-body';

describeEachDatabase('dev outbox: only this machine or an admin', (ctx) => {
  const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('answers a caller on the loopback interface', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await read(address)).statusCode, address).toBe(200);
    }
  });

  it('refuses any other address, whatever forwarded headers say', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:10.1.2.3', 'fe80::1']) {
      const response = await read(address, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' });
      expect(response.statusCode, address).toBe(403);
      expect(response.json()).toEqual(errorBody({ message: 'The outbox is shown only on this machine or to an admin.', code: 'FORBIDDEN' }));
    }
  });

  it('answers an admin from anywhere, and no other signed-in person', async () => {
    const admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Outbox Admin' });
    const donor = await createTestUser(ctx(), { fullName: 'Curious Donor' });
    expect((await read('203.0.113.7', admin.headers)).statusCode).toBe(200);
    expect((await read('203.0.113.7', donor.headers)).statusCode).toBe(403);
  });

  it('does not exist with NODE_ENV=production, even from loopback', async () => {
    const app = await buildApp({ config: { ...ctx().config, env: 'production', devOutbox: true }, database: ctx().database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('judges loopback by the address itself', () => {
    expect(isLoopback(undefined)).toBe(false);
    expect(isLoopback('127.0.0.1.evil')).toBe(false);
    expect(isLoopback('::ffff:8.8.8.8')).toBe(false);
  });
});
