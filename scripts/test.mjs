// `npm test`: every check, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit tests', ['run', 'test:unit']],
  ['API tests', ['run', 'test:api']],
  // Whole screens with the real server in process, no browser (apps/web/test).
  ['route tests', ['run', 'test:routes']],
  ['browser tests', ['run', 'test:e2e']],
  // These two drive the built server as a real process: kill -9 mid-write, SIGTERM mid-request.
  ['crash safety', ['run', 'crash-test', '--', '--cycles', '3']],
  ['graceful shutdown', ['run', 'shutdown-test']],
  // Notifications committed by a process killed before delivering them are sent after a restart.
  ['delivery after a crash', ['run', 'delivery-crash-test']],
  // A WhatsApp message is sent once when the process dies between the provider's answer and the mark.
  ['WhatsApp after a crash', ['run', 'messaging-crash-test']],
  // Two instances on one PostgreSQL behind HAProxy (needs TEST_DATABASE_URL and haproxy).
  ['scale-out', ['run', 'scale-out-test']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on SQLite only (CI sets it to run them on PostgreSQL too).');
}

for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll checks passed.');
