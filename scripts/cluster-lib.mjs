// N server instances on one PostgreSQL behind HAProxy (Debian's package), round robin and
// health-checked. Used by `npm run cluster` and by the scale-out test.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
/** What the balancer asks each instance. One variable: the readiness route when the server has it. */
export const DEFAULT_HEALTH_PATH = '/api/health/ready';

export function findHaproxy() {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy'].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The balancer's whole configuration; the README shows the same for real hosts. */
export function haproxyConfig({ port, host = '127.0.0.1', servers, healthPath = DEFAULT_HEALTH_PATH }) {
  return `global
    maxconn 4096

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # A connection refused by an instance that is stopping, or closed by it before it read the
    # request (its graceful close drops idle connections and finishes every request it read),
    # is tried on another instance.
    retries 3
    option redispatch
    retry-on conn-failure empty-response
    # A fresh connection per request: a stopping instance closes idle ones, and a POST on a
    # reused connection that it just closed could not be retried safely.
    http-reuse never
    option forwardfor

frontend annadaan
    bind ${host}:${port}
    default_backend instances

backend instances
    balance roundrobin
    option httpchk GET ${healthPath}
    http-check expect status 200
    default-server inter 500ms fall 2 rise 1
${servers.map((server, index) => `    server s${index + 1} ${server.host}:${server.port} check`).join('\n')}
`;
}

async function waitForOk(url, timeoutMs, alive) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`process for ${url} exited`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One built server process (`node apps/server/dist/main.js`) on `port`. */
export async function startInstance({ port, databaseUrl, env = {}, name }) {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `annadaan-${name}-`));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // HAProxy on this machine is the only proxy: believe it, and nobody else, about the client.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, 60_000, () => running);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${error.message}\n${output}`, { cause: error });
  }
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (running) child.kill(signal);
      const result = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };
}

/**
 * Starts `instances` servers one after another on ports of their own (each migrates under the
 * advisory lock; only the first finds work) and HAProxy in front on `port`.
 */
export async function startCluster({ instances = 2, port, databaseUrl, healthPath = DEFAULT_HEALTH_PATH, env = {} }) {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('No haproxy found: run `apt-get install -y haproxy` (Debian) or set HAPROXY_PATH.');
  const ports = [];
  for (let n = 0; n < instances; n += 1) ports.push(await freePort());
  // Started together, as an orchestrator would: the migration lock makes that safe.
  const servers = await Promise.all(ports.map((instancePort, index) => startInstance({ port: instancePort, databaseUrl, env, name: `instance-${index + 1}` })));
  const balancerPort = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig({ port: balancerPort, servers: servers.map((server) => ({ host: '127.0.0.1', port: server.port })), healthPath }));
  const check = spawnSync(haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy rejected its configuration:\n${check.stderr}`);
  const balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let balancerOutput = '';
  balancer.stdout.on('data', (chunk) => (balancerOutput += chunk));
  balancer.stderr.on('data', (chunk) => (balancerOutput += chunk));
  const balancerExited = new Promise((resolve) => balancer.once('exit', resolve));
  let balancerRunning = true;
  void balancerExited.then(() => (balancerRunning = false));
  const url = `http://127.0.0.1:${balancerPort}`;
  await waitForOk(`${url}${healthPath}`, 10_000, () => balancerRunning).catch((error) => {
    throw new Error(`${error.message}\n${balancerOutput}`, { cause: error });
  });
  return {
    url,
    port: balancerPort,
    configFile,
    servers,
    balancerOutput: () => balancerOutput,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      if (balancerRunning) balancer.kill('SIGTERM');
      await balancerExited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
