import { RADIUS_KM_CHOICES } from '@annadaan/contract/distance';

/*
 * "Near me" as the URL keeps it (issue 15), so a link shares the view: `near` is a 6-digit pin
 * code or `me`, `radius` one of the radius choices in km. A browser's own position never goes in
 * the URL: a shared link must not say where someone is, so `near=me` means "near whoever opens
 * it" and asks that browser for its position. A pin code is an area that people type into public
 * forms anyway. See docs/decisions/026-maps-on-the-web.md.
 */

export type RadiusKm = (typeof RADIUS_KM_CHOICES)[number];
export type NearChoice = { kind: 'pin'; pin: string } | { kind: 'me' } | null;

export const NEAR_PARAM = 'near';
export const RADIUS_PARAM = 'radius';
/** A radius a person can walk or ride in a few minutes, used until they choose another. */
export const DEFAULT_RADIUS_KM: RadiusKm = 5;

const PIN_CODE = /^[1-9]\d{5}$/;

export function isPinCode(text: string): boolean {
  return PIN_CODE.test(text);
}

export function readNear(params: URLSearchParams): { near: NearChoice; radiusKm: RadiusKm } {
  const near = params.get(NEAR_PARAM)?.trim() ?? '';
  const radius = Number(params.get(RADIUS_PARAM));
  return {
    near: near === 'me' ? { kind: 'me' } : isPinCode(near) ? { kind: 'pin', pin: near } : null,
    radiusKm: (RADIUS_KM_CHOICES as readonly number[]).includes(radius) ? (radius as RadiusKm) : DEFAULT_RADIUS_KM,
  };
}

/**
 * The params with a new choice written in. The default radius stays out of the URL; without a
 * place the radius means nothing and goes too. Any change starts the list again at its first page.
 */
export function writeNear(params: URLSearchParams, patch: { near?: NearChoice; radiusKm?: RadiusKm }): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readNear(params);
  const near = patch.near === undefined ? current.near : patch.near;
  const radiusKm = patch.radiusKm ?? current.radiusKm;
  if (near === null) {
    next.delete(NEAR_PARAM);
    next.delete(RADIUS_PARAM);
  } else {
    next.set(NEAR_PARAM, near.kind === 'me' ? 'me' : near.pin);
    if (radiusKm === DEFAULT_RADIUS_KM) next.delete(RADIUS_PARAM);
    else next.set(RADIUS_PARAM, String(radiusKm));
  }
  next.delete('page');
  return next;
}
