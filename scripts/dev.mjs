// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload, together.
import { spawn } from 'node:child_process';
import { startLocalMessagingProvider } from './local-messaging-provider.mjs';

// WhatsApp and SMS go to the local provider (scripts/local-messaging-provider.mjs) unless real
// credentials are set; its callbacks go to the API on port 3000.
const provider =
  process.env.WHATSAPP_ACCESS_TOKEN || process.env.MSG91_AUTH_KEY ? null : await startLocalMessagingProvider({ appUrl: 'http://127.0.0.1:3000' });
const env = { ...process.env, DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true', ...(provider ? provider.env() : {}) };
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
console.log('API on http://localhost:3000, web app with hot reload on http://localhost:5173');
if (provider) console.log(`WhatsApp and SMS go to the local provider: ${provider.url}/received`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void provider?.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });
