// `npm run cluster [-- --instances N --port P]`: N instances of the built server on one PostgreSQL
// behind HAProxy, round robin and health-checked, until Ctrl-C.
// DATABASE_URL picks the database (default postgres://postgres@127.0.0.1:5432/annadaan_cluster,
// created when missing); CLUSTER_HEALTH_PATH the route the balancer checks.
import pg from 'pg';
import { DEFAULT_HEALTH_PATH, startCluster } from './cluster-lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const instances = option('instances', 3);
const port = option('port', 8080);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/annadaan_cluster';

const url = new URL(databaseUrl);
const name = url.pathname.slice(1);
const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
await admin.end();

// The instances' output is kept in memory for error messages, so only warnings by default.
const cluster = await startCluster({
  instances,
  port,
  databaseUrl,
  healthPath: process.env.CLUSTER_HEALTH_PATH ?? DEFAULT_HEALTH_PATH,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
console.log(`Annadaan: ${instances} instances on ${url.host}/${name} behind HAProxy at ${cluster.url}`);
for (const server of cluster.servers) console.log(`  ${server.name}: ${server.url} (pid ${server.child.pid})`);
console.log(`  balancer configuration: ${cluster.configFile}\nCtrl-C stops everything.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
