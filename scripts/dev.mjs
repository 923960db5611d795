// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload, together.
import { spawn } from 'node:child_process';

const env = { ...process.env, DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true' };
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
console.log('API on http://localhost:3000, web app with hot reload on http://localhost:5173');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) stop(); });
