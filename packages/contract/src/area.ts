/*
 * What the public may know of where someone lives: an area (locality and pin code) instead of a
 * street address, a city instead of a home, and a position snapped to a ~500 m grid. Kept free of
 * zod so the server's migration and any screen can use it cheaply. See
 * docs/decisions/015-privacy-and-accounts.md.
 */
import { extractPinCode } from './pin-code';

/** Words that mark a comma part as a house, building or street rather than an area. */
const STREET_WORDS =
  /\b(flat|house|h\.?\s?no|door|plot|apartments?|apts?|residency|towers?|building|bldg|floor|block|wing|road|rd|street|st|lane|marg|cross|main|gali|galli|path|avenue|ave|chowk|near|opp|opposite|behind)\b/i;

/** States, union territories and the country: an address's tail, never its locality or city. */
const REGIONS = new Set([
  'india',
  'andhra pradesh',
  'arunachal pradesh',
  'assam',
  'bihar',
  'chhattisgarh',
  'goa',
  'gujarat',
  'haryana',
  'himachal pradesh',
  'jharkhand',
  'karnataka',
  'kerala',
  'madhya pradesh',
  'maharashtra',
  'manipur',
  'meghalaya',
  'mizoram',
  'nagaland',
  'odisha',
  'orissa',
  'punjab',
  'rajasthan',
  'sikkim',
  'tamil nadu',
  'telangana',
  'tripura',
  'uttar pradesh',
  'uttarakhand',
  'west bengal',
  'andaman and nicobar islands',
  'chandigarh',
  'dadra and nagar haveli and daman and diu',
  'jammu and kashmir',
  'ladakh',
  'lakshadweep',
  'puducherry',
]);

const PART_MAX = 40;

/** The comma parts of an address with the pin code taken out, trimmed, empty ones dropped. */
function addressParts(address: string): string[] {
  const pinCode = extractPinCode(address);
  return address
    .split(/[,\n;]/)
    .map((part) => (pinCode ? part.replace(pinCode, '') : part).replace(/\s+/g, ' ').replace(/^[\s\-–]+|[\s\-–]+$/g, ''))
    .filter((part) => part !== '');
}

/** A part that names a place: no digits (house and flat numbers), no street words, not too long. */
function isPlaceName(part: string): boolean {
  return !/\d/.test(part) && !STREET_WORDS.test(part) && part.length <= PART_MAX;
}

/**
 * The area of an address for the public: up to two place names that follow the last house or
 * street part, then the pin code. "Flat 12, 34 Lane 5, Bandra West, Mumbai 400050" gives
 * "Bandra West, Mumbai 400050". With no place name it is the pin code alone.
 */
export function publicArea(address: string): string {
  const pinCode = extractPinCode(address) ?? '';
  const parts = addressParts(address);
  let lastStreet = -1;
  parts.forEach((part, index) => {
    if (!isPlaceName(part)) lastStreet = index;
  });
  const places = parts
    .slice(lastStreet + 1)
    .filter((part) => !REGIONS.has(part.toLowerCase()))
    .slice(0, 2);
  return [places.join(', '), pinCode].filter(Boolean).join(' ');
}

/**
 * The city of a person's location, for public lists: the last place name that is not a state or
 * the country. "Koramangala, Bengaluru 560034" gives "Bengaluru"; nothing usable gives "".
 */
export function cityOf(location: string): string {
  const places = addressParts(location).filter((part) => isPlaceName(part) && !REGIONS.has(part.toLowerCase()));
  return places.at(-1) ?? '';
}

/** The grid the public point is snapped to: 0.005° is about 555 m north-south, ~520 m east-west in India. */
export const PUBLIC_GRID_DEGREES = 0.005;

/**
 * The centre of the grid cell holding a coordinate. Every point in a cell gives the same centre,
 * so distance sorts on it cannot tell two homes in one cell apart. Rounded to 4 decimals so the
 * stored value is the same on both databases.
 */
export function snapToGrid(value: number): number {
  // In whole micro-degrees first, so a point on a cell's edge (19.06 / 0.005 = 3811.999…) falls in one cell only.
  const cell = Math.floor(Math.round(value * 1_000_000) / (PUBLIC_GRID_DEGREES * 1_000_000));
  return Math.round((cell + 0.5) * PUBLIC_GRID_DEGREES * 10_000) / 10_000;
}
