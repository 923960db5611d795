import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_KM, readNear, writeNear } from './near-me';

describe('near me in the URL', () => {
  it('reads a pin code or "me" and a radius choice', () => {
    expect(readNear(new URLSearchParams('near=400053&radius=2'))).toEqual({ near: { kind: 'pin', pin: '400053' }, radiusKm: 2 });
    expect(readNear(new URLSearchParams('near=me'))).toEqual({ near: { kind: 'me' }, radiusKm: DEFAULT_RADIUS_KM });
  });

  it('ignores what is not a pin code or a radius choice', () => {
    expect(readNear(new URLSearchParams('near=040053&radius=3'))).toEqual({ near: null, radiusKm: DEFAULT_RADIUS_KM });
    expect(readNear(new URLSearchParams('near=19.1,72.8&radius=50'))).toEqual({ near: null, radiusKm: DEFAULT_RADIUS_KM });
  });

  it('writes the choice, leaves the default radius out and starts again at page 1', () => {
    const base = new URLSearchParams('foodType=RAW&page=3');
    expect(writeNear(base, { near: { kind: 'pin', pin: '400053' } }).toString()).toBe('foodType=RAW&near=400053');
    expect(writeNear(new URLSearchParams('near=400053'), { radiusKm: 10 }).toString()).toBe('near=400053&radius=10');
    expect(writeNear(new URLSearchParams('near=400053&radius=10'), { near: null }).toString()).toBe('');
  });

  it('never writes a position, only "me"', () => {
    expect(writeNear(new URLSearchParams(), { near: { kind: 'me' }, radiusKm: 1 }).toString()).toBe('near=me&radius=1');
  });
});

describe('a saved alert as the place', () => {
  it('keeps the alert by id with its own radius, even one that is not a radius choice', () => {
    expect(readNear(new URLSearchParams('near=alert-12&radius=15'))).toEqual({ near: { kind: 'alert', id: 12 }, radiusKm: 15 });
    expect(writeNear(new URLSearchParams('near=400053&page=2'), { near: { kind: 'alert', id: 12 }, radiusKm: 15 }).toString()).toBe('near=alert-12&radius=15');
    // A pin code with a radius that is not a choice falls back to the default; so does a radius past the API's bounds.
    expect(readNear(new URLSearchParams('near=400053&radius=15'))).toEqual({ near: { kind: 'pin', pin: '400053' }, radiusKm: DEFAULT_RADIUS_KM });
    expect(readNear(new URLSearchParams('near=alert-12&radius=80'))).toEqual({ near: { kind: 'alert', id: 12 }, radiusKm: DEFAULT_RADIUS_KM });
    expect(readNear(new URLSearchParams('near=alert-0'))).toEqual({ near: null, radiusKm: DEFAULT_RADIUS_KM });
  });
});
