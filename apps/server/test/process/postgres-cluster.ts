// A private, throwaway PostgreSQL cluster in a temp folder on a free port, so the crash test can
// stop a PostgreSQL server the hard way without touching the machine's shared one on 5432.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PrivateCluster {
  port: number;
  url(database: string): string;
  /** Runs one statement as the superuser on `database`. */
  query(database: string, sql: string): Promise<Array<Record<string, unknown>>>;
  start(): void;
  /** `pg_ctl stop -m immediate`: every server process quits at once, no checkpoint; the next start recovers from the WAL. */
  stopImmediately(): void;
  /** pg_amcheck over the whole database (B-tree and heap checks); returns its complaints, empty when clean. */
  check(database: string): string;
  destroy(): void;
}

/** Where the cluster cannot be made, the reason; otherwise the binaries' folder. */
export function findPostgresBinaries(): { bin: string } | { reason: string } {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return { reason: `${root} does not exist (PostgreSQL server binaries are not installed)` };
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  if (!newest) return { reason: `no ${root}/*/bin/initdb found` };
  return { bin: path.join(root, newest, 'bin') };
}

/** PostgreSQL refuses to run as root: as root, every command runs as the `postgres` OS user. */
function asOwner(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

function run(command: string, args: string[]) {
  const [file, fileArgs] = asOwner(command, args);
  const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export function createPrivateCluster(bin: string, port: number): PrivateCluster {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-pg-crash-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', root]);
  const data = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  // Checksums on, so pg_amcheck also notices a torn page.
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--data-checksums', '--no-sync', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${root}`,
    // The durability settings under test, spelled out although they are the defaults.
    '-c fsync=on',
    '-c synchronous_commit=on',
    '-c full_page_writes=on',
    '-c shared_buffers=32MB',
    '-c max_connections=40',
  ].join(' ');
  const ctl = path.join(bin, 'pg_ctl');

  const cluster: PrivateCluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async query(database, sql) {
      const client = new pg.Client({ connectionString: cluster.url(database) });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Array<Record<string, unknown>>;
      } finally {
        await client.end();
      }
    },
    start() {
      run(ctl, ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', '60', 'start']);
    },
    stopImmediately() {
      run(ctl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    check(database) {
      const [file, args] = asOwner(path.join(bin, 'pg_amcheck'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        database,
        '--install-missing',
        '--heapallindexed',
      ]);
      const result = spawnSync(file, args, { encoding: 'utf8' });
      return result.status === 0 ? '' : `pg_amcheck exit ${result.status}:\n${result.stdout}${result.stderr}`;
    },
    destroy() {
      spawnSync(...asOwner(ctl, ['-D', data, '-m', 'immediate', 'stop']), { encoding: 'utf8' });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
