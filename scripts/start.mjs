// `npm start` (after the build): the whole app on one port. On the embedded database with demo
// data, the dev outbox is on too, so a visitor can try "forgot password" without an SMS gateway.
// Production runs `node apps/server/dist/main.js` with its own environment instead.
const env = process.env;
const demo = env.DEMO_DATA !== 'false' && !env.DATABASE_URL && env.NODE_ENV !== 'production';
if (demo && env.DEV_OUTBOX === undefined) env.DEV_OUTBOX = 'true';

await import('../apps/server/dist/main.js');
