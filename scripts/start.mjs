// `npm start`: builds quietly, then serves the whole app on one port. The build's own output
// (about 120 lines of chunk sizes) is shown only when it fails; otherwise one summary line.
// On the embedded database with demo data, the dev outbox is on too, so a visitor can try
// "forgot password" without an SMS gateway. Production runs `node apps/server/dist/main.js`
// with its own environment instead.
import { spawnSync } from 'node:child_process';

const env = process.env;
const started = Date.now();
process.stdout.write('Building the web app and the server...\n');
const build = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  process.stderr.write('\nThe build failed (its output is above).\n');
  process.exit(build.status ?? 1);
}
const budget = /^\/ first-load JS: ([\d.]+ kB) gzipped/m.exec(build.stdout ?? '');
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(`Built in ${seconds} s${budget ? ` (landing page first-load JS ${budget[1]} gzipped)` : ''}.\n`);

const demo = env.DEMO_DATA !== 'false' && !env.DATABASE_URL && env.NODE_ENV !== 'production';
if (demo && env.DEV_OUTBOX === undefined) env.DEV_OUTBOX = 'true';

await import('../apps/server/dist/main.js');
