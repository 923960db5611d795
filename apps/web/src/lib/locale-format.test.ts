import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatters } from './locale-format';

/** ICU keeps a number with its word on one line with a no-break space (narrow in English); compared as a plain space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const en = formatters('en');
const hi = formatters('hi');

describe('numbers', () => {
  it('group the Indian way in both languages', () => {
    expect(en.number(1234567)).toBe('12,34,567');
    expect(hi.number(1234567)).toBe('12,34,567');
    expect(en.number(123456789)).toBe('12,34,56,789');
    expect(en.number(999)).toBe('999');
    expect(hi.number(2.345)).toBe('2.35');
  });

  it('write whole numbers exactly as Intl does, without building an Intl formatter for them', () => {
    const intl = { en: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }), hi: new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 2 }) };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
          fc.maxSafeInteger(),
          fc.constantFrom(0, 999, 1000, 99_999, 100_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
        ),
        (value) => {
          expect(en.number(value)).toBe(intl.en.format(value));
          expect(hi.number(value)).toBe(intl.hi.format(value));
        },
      ),
    );
    // Below one lakh a statistic is the whole number, rounded.
    expect(en.compact(-12_345.6)).toBe(intl.en.format(-12_346));
  });

  it('write numbers with decimals exactly as Intl does (at most two), without building an Intl formatter for them', () => {
    const intl = { en: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }), hi: new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 2 }) };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e16, max: 1e16, noNaN: true }),
          fc.integer({ min: -1_000_000, max: 1_000_000 }).map((thousandths) => thousandths / 1000),
          fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths / 10),
          fc.constantFrom(-0, 0.5, 0.005, 0.995, 9.999, 12.5, 100.05, 99.995, -0.004, -0.005, 1e-7, 1e21, Number.NEGATIVE_INFINITY),
        ),
        (value) => {
          expect(en.number(value)).toBe(intl.en.format(value));
          expect(hi.number(value)).toBe(intl.hi.format(value));
        },
      ),
    );
  });

  it('keep a fixed number of decimals where a figure asks for it', () => {
    expect(en.oneDecimal(2)).toBe('2.0');
    expect(hi.oneDecimal(1234.56)).toBe('1,234.6');
    expect(en.twoDecimals(12.5)).toBe('12.50');
    // Rounded as Intl does, from the number's shortest decimal form (toFixed would say 0.1 and 19.4).
    expect(en.oneDecimal(0.15)).toBe('0.2');
    expect(en.oneDecimal(19.45)).toBe('19.5');
    expect(en.oneDecimal(123_456.75)).toBe('1,23,456.8');
  });

  it('write fixed decimals exactly as Intl does, without building an Intl formatter for them', () => {
    const intl = (locale: string, digits: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const one = { en: intl('en-IN', 1), hi: intl('hi-IN', 1) };
    const two = { en: intl('en-IN', 2), hi: intl('hi-IN', 2) };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e16, noNaN: true }),
          fc.double({ min: -1e6, max: 1e3, noNaN: true }),
          fc.integer({ min: 0, max: 10_000_000 }).map((thousandths) => thousandths / 1000),
          fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100 + 0.005),
          // Signed changes (/stats: "-1.23%"), halves included.
          fc.integer({ min: 0, max: 10_000 }).map((hundredths) => -(hundredths / 100 + 0.005)),
          fc.double({ min: -1e16, max: 0, noNaN: true }),
          fc.constantFrom(0, -0, 0.05, 0.15, 0.25, 1.005, 2.345, 19.45, 99.95, 999_999.95, 1e-7, 1e15, 1e21, Number.MAX_VALUE, Number.POSITIVE_INFINITY),
          fc.constantFrom(-0.001, -0.005, -0.05, -0.15, -19.45, -1e-7, -1e15, -1e21, -Number.MAX_VALUE, Number.NEGATIVE_INFINITY),
        ),
        (value) => {
          expect(en.oneDecimal(value)).toBe(one.en.format(value));
          expect(hi.oneDecimal(value)).toBe(one.hi.format(value));
          expect(en.twoDecimals(value)).toBe(two.en.format(value));
          expect(hi.twoDecimals(value)).toBe(two.hi.format(value));
        },
      ),
    );
  });

  it('say large statistics in lakh and crore, and smaller ones in full', () => {
    expect(en.compact(99_999)).toBe('99,999');
    expect(hi.compact(99_999)).toBe('99,999');
    expect(en.compact(1_234_567)).toBe('12.3 lakh');
    expect(hi.compact(1_234_567)).toBe('12.3 लाख');
    expect(en.compact(123_456_789)).toBe('12.3 crore');
    expect(hi.compact(123_456_789)).toBe('12.3 करोड़');
    expect(en.compact(100_000)).toBe('1 lakh');
    expect(en.compact(-250_000)).toBe('-2.5 lakh');
    expect(en.compact(12.6)).toBe('13');
    expect(en.compact(2_362_000_000)).toBe('236.2 crore');
  });

  it('show rupees with ₹ and Indian grouping, decimals only when there are some', () => {
    expect(en.rupees(120_000)).toBe('₹1,20,000');
    expect(hi.rupees(120_000)).toBe('₹1,20,000');
    expect(en.rupees(99.5)).toBe('₹99.5');
    expect(hi.rupees(0)).toBe('₹0');
    expect(en.rupees(49.05)).toBe('₹49.05');
    expect(en.rupees(-5)).toBe('-₹5');
  });

  it('write rupees exactly as Intl does, for whole rupees, paise and float sums alike', () => {
    const intl = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const intlEn = intl('en-IN');
    const intlHi = intl('hi-IN');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 200_000_000_000 }).map((paise) => paise / 100),
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.double({ min: 0, max: 2e9, noNaN: true }),
          fc.constantFrom(0.1 + 0.2, 0.07, 1.005, 99.99, 100.1, 1e9, 999_999_999.99, Number.MAX_SAFE_INTEGER / 100),
        ),
        (amount) => {
          expect(en.rupees(amount)).toBe(intlEn.format(amount));
          expect(hi.rupees(amount)).toBe(intlHi.format(amount));
        },
      ),
    );
  });
});

describe('dates and times', () => {
  // 20:00 UTC is 01:30 the next day in India: the day shown is India's, not the machine's.
  const lateEvening = '2026-11-21T20:00:00.000Z';

  it('name the day in India', () => {
    expect(en.date(lateEvening)).toBe('22 November 2026');
    expect(hi.date(lateEvening)).toBe('22 नवंबर 2026');
    expect(en.date(new Date('2026-01-05T06:00:00Z'))).toBe('5 January 2026');
  });

  it('give the clock time in India', () => {
    expect(en.dateTime(lateEvening)).toMatch(/^22 Nov 2026, 1:30\s?am$/i);
    expect(hi.dateTime(lateEvening)).toContain('22 नव॰ 2026');
    expect(hi.dateTime(lateEvening)).toContain('1:30');
  });

  it('write a date with its time in India exactly as Intl does, without building an Intl formatter for it', () => {
    const intl = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
    const [english, hindi] = [intl('en-IN'), intl('hi-IN')];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.UTC(1946, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59) }),
          fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
          // Each side of midnight and noon in India (18:30 and 06:30 UTC).
          fc
            .integer({ min: 0, max: 40_000 })
            .chain((day) =>
              fc.constantFrom(18 * 60 + 29, 18 * 60 + 30, 6 * 60 + 29, 6 * 60 + 30).map((minute) => Date.UTC(2000, 0, 1) + day * 86_400_000 + minute * 60_000),
            ),
        ),
        (time) => {
          const at = new Date(time);
          expect(en.dateTime(at)).toBe(spaced(english.format(at)));
          expect(hi.dateTime(at)).toBe(spaced(hindi.format(at)));
        },
      ),
      { numRuns: 2000 },
    );
    // Before 1946 India's clocks kept other offsets: Intl knows them.
    expect(en.dateTime(new Date(Date.UTC(1943, 5, 1, 12)))).toBe(english.format(new Date(Date.UTC(1943, 5, 1, 12))));
  });

  it('are empty for an unreadable date rather than "Invalid Date"', () => {
    expect(en.date('not a date')).toBe('');
    expect(hi.dateTime('')).toBe('');
    expect(en.relative('soon', 0)).toBe('');
  });
});

describe('months', () => {
  it('name a calendar month for chart axes, whatever the time zone', () => {
    expect(en.month('2026-03')).toBe('Mar 2026');
    expect(hi.month('2026-03')).toBe('मार्च 2026');
    expect(hi.month('2026-11')).toBe('नवंबर 2026');
    expect(en.month('2026-13')).toBe('2026-13');
    expect(en.month('soon')).toBe('soon');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000);

  it('say how long ago in the largest whole unit', () => {
    expect(en.relative(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(hi.relative(ago(2 * 3600), now)).toBe('2 घंटे पहले');
    expect(en.relative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(hi.relative(ago(5 * 60), now)).toBe('5 मिनट पहले');
    expect(en.relative(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(hi.relative(ago(3 * 86_400), now)).toBe('3 दिन पहले');
    expect(en.relative(ago(86_400), now)).toBe('yesterday');
    expect(hi.relative(ago(86_400), now)).toBe('कल');
  });

  it('round a few seconds to now, and look ahead too', () => {
    expect(en.relative(ago(20), now)).toBe('now');
    expect(hi.relative(ago(20), now)).toBe('अब');
    expect(en.relative(ago(-3 * 3600), now)).toBe('in 3 hours');
    expect(hi.relative(ago(-3 * 3600), now)).toBe('3 घंटे में');
  });
});
