import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The built server, started as it runs in production: its own process, port and data folder. */
export const SERVER_MAIN = path.resolve('apps/server/dist/main.js');

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** Unset: the SQLite file in dataDir. */
  databaseUrl?: string;
  /** Extra Node flags before the entry point (the live-events bench opens the inspector to read memory). */
  nodeArgs?: string[];
  /** More environment for the server (the Lighthouse run's MAP_TILE_URL). */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Spawn to first 200 from /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // The login run sends X-Forwarded-For so each simulated client has its own rate-limit window;
    // autocannon on loopback stands in for one proxy.
    TRUST_PROXY: '1',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(2);
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms.`);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_MAIN], { env: serverEnv(options), stdio: ['ignore', 'inherit', 'pipe'] });
  // The inspector announces itself on stderr; everything else the server says there goes through.
  child.stderr?.on('data', (chunk: Buffer) => {
    const kept = chunk
      .toString('utf8')
      .split('\n')
      .filter((line) => !/^(Debugger listening on|Debugger attached\.|Debugger ending on|For help, see: https:\/\/nodejs\.org)/.test(line))
      .join('\n');
    if (kept.trim()) process.stderr.write(kept.endsWith('\n') ? kept : `${kept}\n`);
  });
  try {
    await waitForHealth(url, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - started;
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killed = sleep(12_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, killed]);
      await exited;
    },
  };
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Median spawn-to-first-200 over several fresh starts on an already migrated database. */
export async function coldStarts(options: ServerOptions, times: number): Promise<number[]> {
  const results: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const server = await startServer(options);
    results.push(server.startMs);
    await server.stop();
  }
  return results;
}
