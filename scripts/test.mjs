// `npm test`: every check, in order, stopping at the first failure, with each step's time at the end.
import { spawn } from 'node:child_process';

const steps = [
  // Each of these two uses one core: side by side on a two-core machine, each one's output printed once it ends.
  [
    ['lint', ['run', 'lint']],
    ['typecheck', ['run', 'typecheck']],
  ],
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

/** Runs `npm <args>`; with `quiet`, keeps its output and prints it in one piece when it ends. */
function run(name, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (quiet) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, status: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const times = [];
for (const step of steps) {
  const together = Array.isArray(step[0]);
  if (!together) console.log(`\n=== ${step[0]} ===`);
  const results = together ? await Promise.all(step.map(([name, args]) => run(name, args, { quiet: true }))) : [await run(step[0], step[1])];
  times.push(...results);
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\n${failed.name} failed.`);
    process.exit(failed.status);
  }
}
console.log(`\nAll checks passed. ${times.map(({ name, seconds }) => `${name} ${Math.round(seconds)} s`).join(', ')}.`);
