import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freshAddress } from '../../test/accounts';
import { describeEachDatabase } from '../../test/test-app';
import { createAdmin } from '../modules/auth/auth-service';
import { openDatabase } from '../db/database';
import { verifySecret } from '../modules/auth/password-hashing';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'create-admin.ts');

describeEachDatabase('create-admin', (ctx) => {
  const admin = { email: 'root@annadaan.example', fullName: 'Site Admin', password: 'Harbour-Kite-5150', contactNumber: '', location: '' };

  it('creates an ADMIN who can sign in and use admin routes', async () => {
    const id = await createAdmin({ db: ctx().database.db, now: ctx().clock.now() }, admin);
    expect(id).toBeGreaterThan(0);
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
      remoteAddress: freshAddress(),
    });
    expect(login.json()).toMatchObject({ role: 'ADMIN' });
  });

  it('refuses an email that exists and a weak password', async () => {
    await expect(createAdmin({ db: ctx().database.db, now: ctx().clock.now() }, admin)).rejects.toThrow('This email is already registered.');
    await expect(
      createAdmin({ db: ctx().database.db, now: ctx().clock.now() }, { ...admin, email: 'other@annadaan.example', password: 'password1' }),
    ).rejects.toThrow('This password is too common. Choose one that is harder to guess.');
  });
});

describe('npm run create-admin (no terminal)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-cli-'));
  const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const createAdminCli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', script, ...args], { env });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates a strong password, prints it once, and refuses the same email again', async () => {
    const { stdout } = await createAdminCli('--email', 'Chief@Annadaan.example', '--name', 'Chief Admin');
    const password = /shown only this once; store it now\): (\S+)/.exec(stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'annadaan.sqlite') });
    try {
      const row = await database.db
        .selectFrom('users')
        .select(['role', 'password_hash'])
        .where('email', '=', 'chief@annadaan.example')
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('ADMIN');
      expect(await verifySecret(row.password_hash, password ?? '')).toBe(true);
    } finally {
      await database.close();
    }

    const again = await createAdminCli('--email', 'chief@annadaan.example', '--name', 'Chief Admin').catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('This email is already registered.') });
  });

  it('explains its usage when the email is missing', async () => {
    const result = await createAdminCli('--name', 'No Email').catch((error: { code: number; stderr: string }) => error);
    expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining('--email') });
  });
});
