/*
 * A map drawn without Leaflet: the tiles that cover a box, where each lies, and where a point or a
 * circle falls, in the same Web Mercator pixels and with the same rounding Leaflet uses, so a
 * still map can stand in for a Leaflet one and be swapped for it without moving (issue 18: Leaflet's
 * start is a 60-140 ms task on a slowed phone, too much for a map most people only look at).
 */

/** Tiles are 256 px squares; zoom z has 2^z of them across the world. */
export const TILE_SIZE = 256;

/** The Earth's mean radius, which Leaflet's Circle measures metres with (not the projection's 6,378,137 m). */
const EARTH_MEAN_RADIUS_M = 6_371_000;
/** Web Mercator stops here: beyond, y runs off the world. */
const MAX_LATITUDE = 85.051_128_779_806_6;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The point's place in world pixels at this zoom (Leaflet's `map.project`). */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const scale = TILE_SIZE * 2 ** zoom;
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  const sin = Math.sin(phi);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** A circle's radius on screen, in whole pixels as Leaflet draws it, for a radius on the ground. */
export function metresToPixels(metres: number, lat: number, zoom: number): number {
  const metresPerPixel = (2 * Math.PI * EARTH_MEAN_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
  return Math.max(1, Math.round(metres / metresPerPixel));
}

export interface StillView {
  zoom: number;
  /** The box's top-left corner in world pixels, rounded as Leaflet rounds its pixel origin. */
  origin: Point;
  /** The tiles that touch the box, each with its place inside the box. */
  tiles: Array<{ x: number; y: number; z: number; left: number; top: number }>;
}

/** What a `width` × `height` box centred on `centre` at `zoom` shows. */
export function stillView(centre: LatLng, zoom: number, width: number, height: number): StillView {
  const middle = project(centre, zoom);
  const origin = { x: Math.round(middle.x - width / 2), y: Math.round(middle.y - height / 2) };
  const count = 2 ** zoom;
  const tiles: StillView['tiles'] = [];
  const firstRow = Math.max(0, Math.floor(origin.y / TILE_SIZE));
  const lastRow = Math.min(count - 1, Math.floor((origin.y + height - 1) / TILE_SIZE));
  const firstColumn = Math.floor(origin.x / TILE_SIZE);
  const lastColumn = Math.floor((origin.x + width - 1) / TILE_SIZE);
  for (let y = firstRow; y <= lastRow; y++) {
    for (let x = firstColumn; x <= lastColumn; x++) {
      tiles.push({ x, y, z: zoom, left: x * TILE_SIZE - origin.x, top: y * TILE_SIZE - origin.y });
    }
  }
  return { zoom, origin, tiles };
}

/** Where a point falls inside the box (Leaflet's `latLngToContainerPoint`, rounded as Leaflet's layers are). */
export function placeInView(view: StillView, point: LatLng): Point {
  const at = project(point, view.zoom);
  return { x: Math.round(at.x) - view.origin.x, y: Math.round(at.y) - view.origin.y };
}

/**
 * A tile's address from a Leaflet URL template: {z} {x} {y}, {s} (one of a, b, c by the tile, as
 * Leaflet picks), {r} ("@2x" on a high-density screen) and {-y} (rows counted from the bottom).
 * The column wraps round the world as Leaflet's does. Null for a template with anything else in
 * braces: the still map then shows no tiles rather than a wrong address.
 */
export function tileUrl(template: string, tile: { x: number; y: number; z: number }, highDensity: boolean): string | null {
  const count = 2 ** tile.z;
  const x = ((tile.x % count) + count) % count;
  const subdomains = 'abc';
  const values: Record<string, string> = {
    z: String(tile.z),
    x: String(x),
    y: String(tile.y),
    '-y': String(count - 1 - tile.y),
    s: subdomains[Math.abs(x + tile.y) % subdomains.length] ?? 'a',
    r: highDensity ? '@2x' : '',
  };
  let unknown = false;
  const url = template.replace(/\{ *([\w-]+) *\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown ? null : url;
}
