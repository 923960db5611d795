import { describe, expect, it } from 'vitest';
import { TILE_SIZE, metresToPixels, placeInView, project, stillView, tileUrl } from './static-map';

/*
 * The still map's arithmetic. The world-pixel figures below were worked out with the
 * OpenStreetMap wiki's tile formula (asinh of the tangent), a different way to write the same
 * projection; e2e/near-me-map.spec.ts checks the still map against Leaflet itself in a browser.
 */

describe('project', () => {
  it('puts a point where the OpenStreetMap tile formula does', () => {
    const cases = [
      { point: { lat: 18.922, lng: 72.8347 }, x: 5_891_475.5197, y: 3_745_148.9502 }, // Gateway of India
      { point: { lat: 28.6129, lng: 77.2295 }, x: 5_993_881.782, y: 3_497_998.849 }, // India Gate
      { point: { lat: -33.8568, lng: 151.2153 }, x: 7_717_875.8758, y: 5_033_601.9213 },
    ];
    for (const { point, x, y } of cases) {
      const at = project(point, 15);
      expect(at.x).toBeCloseTo(x, 3);
      expect(at.y).toBeCloseTo(y, 3);
    }
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it('stops at the edge of the Mercator world instead of running off it', () => {
    expect(project({ lat: 90, lng: -180 }, 1)).toEqual({ x: 0, y: expect.closeTo(0, 6) });
    expect(project({ lat: -90, lng: 180 }, 1).y).toBeCloseTo(512, 6);
  });
});

describe('stillView', () => {
  it('covers every pixel of the box with exactly one tile, and no tile lies outside it', () => {
    for (const [width, height] of [
      [360, 220],
      [328, 220],
      [711, 220],
      [1, 1],
    ] as const) {
      const view = stillView({ lat: 18.922, lng: 72.8347 }, 15, width, height);
      for (const tile of view.tiles) {
        expect(tile.left).toBeLessThan(width);
        expect(tile.top).toBeLessThan(height);
        expect(tile.left + TILE_SIZE).toBeGreaterThan(0);
        expect(tile.top + TILE_SIZE).toBeGreaterThan(0);
      }
      for (const [px, py] of [
        [0, 0],
        [width - 1, 0],
        [0, height - 1],
        [width - 1, height - 1],
        [Math.floor(width / 2), Math.floor(height / 2)],
      ] as const) {
        const covering = view.tiles.filter((t) => t.left <= px && px < t.left + TILE_SIZE && t.top <= py && py < t.top + TILE_SIZE);
        expect(covering, `pixel ${px},${py} of ${width}×${height}`).toHaveLength(1);
      }
    }
  });

  it('centres the point in the box with Leaflet’s rounded origin, and places tiles by it', () => {
    const view = stillView({ lat: 18.922, lng: 72.8347 }, 15, 360, 220);
    // 5,891,475.52 − 180 and 3,745,148.95 − 110, rounded.
    expect(view.origin).toEqual({ x: 5_891_296, y: 3_745_039 });
    expect(placeInView(view, { lat: 18.922, lng: 72.8347 })).toEqual({ x: 180, y: 110 });
    // Tile 23013 starts at 23013 × 256 = 5,891,328 world pixels: 32 px into the box.
    const tile = view.tiles.find((t) => t.x === 23_013 && t.y === 14_629);
    expect(tile).toEqual({ x: 23_013, y: 14_629, z: 15, left: 32, top: 3_745_024 - 3_745_039 });
    expect(view.tiles.map((t) => `${t.x}/${t.y}`).sort()).toEqual(['23012/14629', '23013/14629', '23014/14629'].sort());
  });

  it('shows no rows above the top of the world', () => {
    const view = stillView({ lat: 85.05, lng: 0 }, 1, 300, 300);
    expect(Math.min(...view.tiles.map((t) => t.y))).toBe(0);
  });
});

describe('metresToPixels', () => {
  it('measures with the Earth’s mean radius and rounds to whole pixels, as Leaflet’s Circle does', () => {
    // 400 m at 18.922° N and zoom 15: 88.61 px.
    expect(metresToPixels(400, 18.922, 15)).toBe(89);
    expect(metresToPixels(400, 18.922, 16)).toBe(177);
    expect(metresToPixels(1, 0, 0)).toBe(1);
  });
});

describe('tileUrl', () => {
  const tile = { x: 23_013, y: 14_629, z: 15 };

  it('fills a plain template', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', tile, false)).toBe('https://tile.openstreetmap.org/15/23013/14629.png');
  });

  it('picks the subdomain by the tile as Leaflet does, and the high-density suffix', () => {
    // (23013 + 14629) mod 3 = 1: "b".
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', tile, true)).toBe('https://b.tiles.example/15/23013/14629@2x.png');
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { ...tile, x: 23_014 }, false)).toBe('https://c.tiles.example/15/23014/14629.png');
  });

  it('counts rows from the bottom for {-y} and wraps columns round the world', () => {
    expect(tileUrl('/tiles/{z}/{x}/{-y}.png', { x: -1, y: 0, z: 2 }, false)).toBe('/tiles/2/3/3.png');
    expect(tileUrl('/tiles/{z}/{x}/{y}.png', { x: 5, y: 1, z: 2 }, false)).toBe('/tiles/2/1/1.png');
  });

  it('gives no address for a template with a value it does not know', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png?key={apiKey}', tile, false)).toBeNull();
  });
});
