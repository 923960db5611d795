import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';
import type { Person } from './scenario';
import { tag } from './scenario';

const run = promisify(execFile);

/**
 * An ADMIN made the one way admins are made: `npm run create-admin` against the e2e server's data
 * folder (playwright.config.ts keeps it in E2E_DATA_DIR), then signed in through the API with the
 * password the command prints.
 */
export async function createAdmin(request: APIRequestContext, fullName = `Admin ${tag()}`): Promise<Person> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts.');
  const email = `admin.${tag()}@example.in`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', email, '--name', fullName], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  });
  const password = /Password \(shown only this once; store it now\): (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`create-admin printed no password: ${stdout}`);
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { accessToken: string; role: string };
  return { fullName, email, phone: '', location: '', password, token: body.accessToken, role: body.role };
}
