import { RADIUS_KM_CHOICES, RADIUS_KM_MAX, RADIUS_KM_MIN } from '@annadaan/contract/distance';

/*
 * "Near me" as the URL keeps it (issue 15), so a link shares the view: `near` is a 6-digit pin
 * code or `me`, `radius` one of the radius choices in km. A browser's own position never goes in
 * the URL: a shared link must not say where someone is, so `near=me` means "near whoever opens
 * it" and asks that browser for its position. A pin code is an area that people type into public
 * forms anyway. `alert-12` is one of the signed-in receiver's saved food alerts: its point and
 * radius, the id only in the URL (an alert's place is its owner's), so the link means nothing to
 * anyone else. Its radius is the alert's own (alerts also have 15 km), so with an alert any
 * radius the API takes is kept. See docs/decisions/026-maps-on-the-web.md.
 */

/** A radius in km: one of RADIUS_KM_CHOICES, or a saved alert's own. */
export type RadiusKm = number;
export type NearChoice = { kind: 'pin'; pin: string } | { kind: 'me' } | { kind: 'alert'; id: number } | null;

export const NEAR_PARAM = 'near';
export const RADIUS_PARAM = 'radius';
/** A radius a person can walk or ride in a few minutes, used until they choose another. */
export const DEFAULT_RADIUS_KM: RadiusKm = 5;

const PIN_CODE = /^[1-9]\d{5}$/;
const ALERT = /^alert-([1-9]\d{0,9})$/;

export function isPinCode(text: string): boolean {
  return PIN_CODE.test(text);
}

function readChoice(text: string): NearChoice {
  if (text === 'me') return { kind: 'me' };
  if (isPinCode(text)) return { kind: 'pin', pin: text };
  const alert = ALERT.exec(text);
  return alert ? { kind: 'alert', id: Number(alert[1]) } : null;
}

export function readNear(params: URLSearchParams): { near: NearChoice; radiusKm: RadiusKm } {
  const near = readChoice(params.get(NEAR_PARAM)?.trim() ?? '');
  const radius = Number(params.get(RADIUS_PARAM));
  const kept =
    (RADIUS_KM_CHOICES as readonly number[]).includes(radius) ||
    (near?.kind === 'alert' && Number.isFinite(radius) && radius >= RADIUS_KM_MIN && radius <= RADIUS_KM_MAX);
  return { near, radiusKm: kept ? radius : DEFAULT_RADIUS_KM };
}

function writeChoice(near: Exclude<NearChoice, null>): string {
  if (near.kind === 'me') return 'me';
  if (near.kind === 'pin') return near.pin;
  return `alert-${near.id}`;
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
    next.set(NEAR_PARAM, writeChoice(near));
    if (radiusKm === DEFAULT_RADIUS_KM) next.delete(RADIUS_PARAM);
    else next.set(RADIUS_PARAM, String(radiusKm));
  }
  next.delete('page');
  return next;
}
