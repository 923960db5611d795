// Runs the built server (apps/server/dist/main.js) as a real child process, the way production
// does, for the checks that need a process to kill or to signal.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export function assertServerBuilt() {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build -w apps/server\` first.`);
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote, for a failure message. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Milliseconds to wait for the first 200 from /api/health. */
  timeoutMs?: number;
  /** More settings for this process (SMTP_URL, JOB_POLL_INTERVAL_MS, …). */
  env?: Record<string, string>;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // No web app: these checks are about the API and the database.
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-app'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = { child, port: options.port, baseUrl, output: () => output, exited };
  await waitForHealth(server, options.timeoutMs ?? 20_000);
  return server;
}

/** Polls /api/health until it answers 200, the process dies, or the time is up. */
async function waitForHealth(server: ServerProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void server.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`The server exited before answering:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 25));
  }
  server.child.kill('SIGKILL');
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGKILL: no handler runs, nothing is flushed, like a power cut for the process. */
export async function killHard(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM and wait for the exit, failing loudly when it takes longer than `timeoutMs`. */
export async function stopGracefully(server: ServerProcess, timeoutMs = 10_000) {
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The server did not exit within ${timeoutMs} ms of SIGTERM`)), timeoutMs);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
