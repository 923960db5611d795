import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './openapi-operations';

/** Strings that have broken web servers before: injection, encodings, control characters, sizes. */
const NASTY_STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  '; drop table users;',
  '" OR ""="',
  '\\',
  '%',
  '_',
  '\u0000',
  'a\u0000b',
  '😀🍛🇮🇳',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'नमस्ते',
  '\uFEFF',
  '\uD800',
  '../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  'null',
  'true',
  '__proto__',
  'constructor',
  '0x10',
  '2026-02-30T25:61',
  '１２３４５６',
];

const HUGE_STRINGS = ['x'.repeat(100_000), '🍛'.repeat(25_000), `${'9'.repeat(5_000)}`];

const NASTY_NUMBERS = [1e308, -1e308, -0, 0, -1, 2 ** 53 + 1, 2 ** 31, 2 ** 63, 0.1 + 0.2, 5e-324, 1.005, 100_000.01, -(2 ** 31) - 1];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double(),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
);

/** A JSON value of the wrong kind for almost any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', '$gt'), fc.oneof(hostileString, fc.constant({})), { maxKeys: 2 }) },
);

/** Something the schema would mostly accept, so validation passes and deeper code runs. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.anyOf && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom('9876543210', 'asha@example.in', 'Pune 411001', '2026-06-01T18:00', '123456', '18.52,73.85', 'Tamarind-Sunrise-42'),
      );
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items), { maxLength: 3 });
    case 'object':
      return jsonObject(schema);
    default:
      return fc.oneof(hostileValue, fc.constantFrom(0, 12.5, 'CASH', ''));
  }
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'role', 'id', 'userId', 'donorId', 'status', 'isAdmin', 'profileActive'];

/**
 * An object body as JSON text: each declared field plausible, hostile or missing, plus extra keys.
 * Text, not an object, so `__proto__` is sent as an own key the way an attacker would send it.
 */
function jsonObject(schema: JsonSchema): fc.Arbitrary<string> {
  const fields = Object.entries(schema.properties ?? {});
  const fieldArbitraries = fields.map(([name, fieldSchema]) =>
    fc.option(
      fc.oneof({ weight: 3, arbitrary: plausible(fieldSchema) }, { weight: 2, arbitrary: hostileValue }).map((value) => [name, value] as const),
      { nil: undefined, freq: 4 },
    ),
  );
  const extras = fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fieldArbitraries), extras).map(([chosen, extra]) => {
    const entries = [...chosen.filter((entry) => entry !== undefined), ...extra];
    return objectText(entries);
  });
}

/** Nested bodies from `plausible` arrive as JSON text already. */
function jsonText(value: unknown): string {
  if (typeof value === 'string' && (value.startsWith('{"') || value === '{}')) return value;
  return JSON.stringify(value) ?? 'null';
}

const WHOLE_BODIES = [
  '',
  '[]',
  'null',
  '"text"',
  '123',
  '{',
  '{"a":1}}',
  '[{"__proto__":{"polluted":true}}]',
  `{"a":${'['.repeat(2_000)}${']'.repeat(2_000)}}`,
  '{}',
];

const CONTENT_TYPES: (string | undefined)[] = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  undefined,
];

export interface HostileRequest {
  signedIn: boolean;
  path: Record<string, string>;
  query: string;
  /** Raw payload, or undefined for no body at all. */
  payload: string | undefined;
  contentType: string | undefined;
}

const ODD_PATH_VALUES = [
  '-1',
  '0',
  '99999999999',
  'abc',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1e3',
  '0x10',
  '1.5',
  '%201',
  '%F0%9F%8D%9B',
  '2147483648',
  'NaN',
  '__proto__',
  "1'%20OR%201=1",
];

/** Like encodeURIComponent, but a lone surrogate becomes U+FFFD instead of throwing (as browsers do). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function queryValue(parameter: Parameter): fc.Arbitrary<string | string[]> {
  const asText = plausible(parameter.schema).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')));
  const tainted = fc.tuple(asText, fc.constantFrom(...NASTY_STRINGS)).map(([value, nasty]) => `${value}${nasty}`);
  // Mostly plausible, so that the other parameters' hostile values get past validation too.
  const single = fc.oneof({ weight: 4, arbitrary: asText }, { weight: 1, arbitrary: tainted }, { weight: 1, arbitrary: hostileString });
  return fc.oneof({ weight: 6, arbitrary: single }, { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }) });
}

function queryString(parameters: Parameter[]): fc.Arbitrary<string> {
  const declared = parameters.map((parameter) =>
    fc.option(
      queryValue(parameter).map((value) => [parameter.name, value] as const),
      { nil: undefined, freq: parameter.required ? 10 : 3 },
    ),
  );
  const extra = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[]', 'page[0]', ''), hostileString), { maxLength: 2 });
  return fc.tuple(fc.tuple(...declared), extra).map(([chosen, extras]) => {
    const pairs: string[] = [];
    for (const [name, value] of [...chosen.filter((entry) => entry !== undefined), ...extras]) {
      // Huge values stay in bodies; a 100 kB URL is refused by Node before the app sees it.
      for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${percentEncode(name)}=${percentEncode(item.slice(0, 2_000))}`);
    }
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

function objectText(entries: Iterable<readonly [string, unknown]>): string {
  return `{${[...entries].map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
}

/**
 * A valid body, then tripped: one or two fields replaced or removed, every text field carrying
 * the same nasty string (what reaches the database is text), or extra keys added.
 */
function mutatedExample(example: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(example);
  const replaced = fc
    .array(fc.tuple(fc.constantFrom(...keys), fc.option(hostileValue, { nil: undefined, freq: 5 })), { minLength: 1, maxLength: 2 })
    .map((changes) => {
      const entries = new Map<string, unknown>(Object.entries(example));
      for (const [key, value] of changes) {
        if (value === undefined) entries.delete(key);
        else entries.set(key, value);
      }
      return objectText(entries);
    });
  const tainted = fc
    .tuple(fc.constantFrom(...NASTY_STRINGS, ...HUGE_STRINGS), fc.boolean())
    .map(([nasty, append]) =>
      objectText(Object.entries(example).map(([key, value]) => [key, typeof value === 'string' ? (append ? `${value}${nasty}` : nasty) : value])),
    );
  const extended = fc
    .array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { minLength: 1, maxLength: 3 })
    .map((extra) => objectText([...Object.entries(example), ...extra]));
  return fc.oneof({ weight: 3, arbitrary: replaced }, { weight: 3, arbitrary: tainted }, { weight: 1, arbitrary: extended });
}

/**
 * Random and hostile requests for one operation; `realIds` are ids of objects that exist and
 * `example` a valid body, mutated so that deeper code runs too.
 */
export function hostileRequests(operation: Operation, realIds: Record<string, string[]>, example?: Record<string, unknown>): fc.Arbitrary<HostileRequest> {
  const pathArbitraries = operation.pathParams.map((name) => {
    const real = realIds[name] ?? [];
    return fc.oneof(...(real.length > 0 ? [fc.constantFrom(...real)] : []), fc.constantFrom(...ODD_PATH_VALUES)).map((value) => [name, value] as const);
  });
  const body = operation.body
    ? fc.oneof(
        { weight: example ? 6 : 0, arbitrary: example ? mutatedExample(example) : fc.constant('{}') },
        { weight: 6, arbitrary: jsonObject(operation.body) },
        { weight: 2, arbitrary: fc.constantFrom(...WHOLE_BODIES) },
        { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS).map((text) => JSON.stringify({ text })) },
      )
    : fc.option(fc.oneof(fc.constantFrom(...WHOLE_BODIES), jsonObject({ properties: {} })), { nil: undefined, freq: 2 });
  const contentType = fc.oneof(
    { weight: 5, arbitrary: fc.constant<string | undefined>('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  return fc
    .record({ signedIn: fc.boolean(), path: fc.tuple(...pathArbitraries), query: queryString(operation.query), payload: body, contentType })
    .map(({ signedIn, path, query, payload, contentType: type }) => ({
      signedIn,
      path: Object.fromEntries(path),
      query,
      payload,
      contentType: payload === undefined ? undefined : type,
    }));
}
