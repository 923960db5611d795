// The build's size budget for the four public routes people land on first (issue 18): what each
// loads before it works, gzipped. Issue 18's goal is 150 kB on each; today's ceilings sit just
// above what each loads now, so a change that makes a first screen heavier fails the build, and
// each ceiling comes down as the route gets lighter. Runs after `vite build` (apps/web's build
// script), from any folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoad } from './first-load.mjs';

const GOAL_KB = 150;
/** Route chunk (by name before its hash) and its ceiling in kB gzipped. */
const ROUTES = [
  // Issues 29, 30 and 31 together, measured on the merged build (2026-12-07): / 168.9, Browse 183.1, a
  // donation's page 177.1, /stats 181.0 kB (31's codes and messaging words in the shared chunks: under
  // 0.1 kB); each ceiling is that plus 0.1 kB. The parts are named below.
  // English's error messages fetched when a failure needs them: 5.3-5.4 kB less on each route;
  // Mantine's unused CSS-variables resolver left out: 1.8 kB less.
  // +0.2-0.4 kB on each (issue 30): the error screens, in the entry so that a screen whose code
  // cannot be fetched offline can still say so.
  // +0.2 kB (issue 29): a language chosen on this device wins over the account's at sign-in (the
  // shell), and "Use my current location" says when no address came (the landing page).
  // +0.1 kB on every route (issue 29): the top bar's Find food link and the layout's room for a
  // signed-in phone's tab bar (the bar itself is its own chunk, loaded only when signed in).
  // +1.5 kB (issue 29): the compact filter bar with its panel, opening on the signed-in person's
  // own area (their profile's pin code), and the photo-led card (free or price, time left, facts).
  // +0.1 kB on each (issue 31, admins' WhatsApp and SMS screen): its path, its title and its lazy
  // route in the route table the entry carries (measured 169.0, 183.3, 177.3, 181.1 kB).
  // Issue 32, volunteers and delivery runs (+0.4 kB on each: four paths and titles, the menu's
  // Volunteer link, one lazy entry for the four volunteer screens) and organisations (+0.8 kB on
  // each: six lazy routes, their paths and titles, the menu's "My Organisations", the badge's words
  // in the bundled catalog; +0.8 kB more on Browse and a donation's page for the organisation
  // badge; +0.7 kB more on a donation's page for "Request for"; +0.9 kB more there for "How will
  // the food reach you?", its own chunk loaded only on food the donor offers to deliver).
  // Measured on the merged build (2026-12-08): 170.5, 185.5, 180.9, 182.5 kB; each ceiling 0.1 kB above.
  // Issue 33, portions (measured 2026-12-08 on the portions-web branch: 170.7, 186.5, 182.1, 182.8 kB;
  // each ceiling 0.1 kB above): the contract's portion schemas, which the donations and map
  // contracts now import, and the time of day's formatter on every route; "35 of 60 plates left"
  // and "For verified organisations until …" on Browse's cards and a donation's page (+0.8-1.0 kB);
  // "How many?", the waitlist and its offers are their own chunk, loaded only on food in portions.
  { route: '/', chunk: 'landing-page', ceilingKb: 170.8 },
  { route: '/BrowseDonations', chunk: 'browse-donations-page', ceilingKb: 186.6 },
  // +1.3 kB with the still area map (its drawing and the tile server's address come first), and
  // Leaflet (45 kB) no longer loads with the page at all.
  // +0.1 kB on these two (2026-11-28): the translator counts the namespaces on screen, so a
  // switch of language fetches them before it shows, rather than hiding the screen meanwhile.
  // +0.1 kB on these two (issue 29): a language chosen on this device wins over the account's;
  // /stats +0.1 kB more for marking the years carried forward.
  // +1.3 kB (issue 29): the summary under the name (the card's distance, time left, diet, free or
  // price) and the phone's action bar that keeps "Request This Donation" on screen.
  // +0.2 kB (issue 29): as on every route, the top bar's Find food link and room for the tab bar.
  // +0.2 kB on these two (issue 29): Home shows the pickup card and the donor's listings, so those
  // parts became chunks shared with My Orders and Received Requests, and the app's route table
  // names them; the donation's page also carries the directions link's home beside its map.
  { route: '/request-donation/:id', chunk: 'donation-detail-page', ceilingKb: 182.2 },
  { route: '/stats', chunk: 'statistics-page', ceilingKb: 182.9 },
];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
let over = false;
for (const { route, chunk, ceilingKb } of ROUTES) {
  const { files, js } = measureFirstLoad(dist, chunk);
  const kb = js / 1024;
  const goal = kb <= GOAL_KB ? `goal ${GOAL_KB} kB met` : `goal ${GOAL_KB} kB not met`;
  const figure = `${route} first-load JS: ${kb.toFixed(1)} kB gzipped (ceiling ${ceilingKb} kB; ${goal})`;
  if (kb > ceilingKb) {
    over = true;
    console.error(`${figure}: OVER by ${(kb - ceilingKb).toFixed(1)} kB.`);
    for (const { file, bytes } of files) if (file.endsWith('.js')) console.error(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  } else {
    console.log(`${figure}: within the ceiling.`);
  }
}
if (over) process.exit(1);
