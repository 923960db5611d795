import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A map tile server on loopback for the Lighthouse runs: every `/{z}/{x}/{y}.png` is one plain
 * 256 px tile. This machine cannot reach tile.openstreetmap.org, and a tile that fails to load is a
 * console error that Lighthouse's best practices count; the app takes its tiles from MAP_TILE_URL.
 */
export async function startTileServer(): Promise<{ tileUrl: string; close(): Promise<void> }> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e9efe6' } })
    .png()
    .toBuffer();
  const server = http.createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400', 'content-length': tile.length }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
