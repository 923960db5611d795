// Builds every icon of the web app from the logo (apps/web/public/logo.svg) and the two shortcut
// drawings (apps/web/public/icons/shortcut-*.svg): the favicon set, the manifest's PNG icons
// (plain and maskable) and the shortcut icons. Run `node scripts/make-icons.mjs` after changing a
// drawing and commit what it writes; the build does not run it, so the PNGs stay as reviewed.
// sharp (a dependency of apps/server) renders the SVGs; the same sharp gives the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const iconsDir = path.join(publicDir, 'icons');
const logo = fs.readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');

const background = /<circle id="background"[^>]*fill="(#[0-9a-f]{6})"/.exec(logo)?.[1];
const mark = /<g id="mark">[\s\S]*?<\/g>/.exec(logo)?.[0];
if (!background || !mark) throw new Error('logo.svg needs <circle id="background" fill="#…"> and <g id="mark">.');

/*
 * A square icon: the logo's colour to every edge and the mark scaled about its centre. The mark's
 * farthest point lies about 25 units (of 64) from its centre (32, 33.4), so at 0.9 it reaches 35%
 * of the width from the middle: inside the maskable safe zone (a centred circle of 40%), so no
 * launcher's circle, squircle or teardrop cuts it.
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -33.4)">${mark}</g></svg>`;

/** The SVG drawn at `size` pixels square as PNG (rendered large, then scaled down, for crisp edges). */
async function png(svg, size) {
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** A .ico holding PNG images (every browser since IE 9 reads PNG inside ICO). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(({ data }) => data)]);
}

const written = [];
function write(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  written.push(`${path.relative(publicDir, file)} (${data.length} bytes)`);
}

write(path.join(publicDir, 'favicon.svg'), logo);
write(path.join(publicDir, 'favicon.ico'), ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(logo, size) })))));
// iOS fills transparency with black and rounds the corners itself: a full square, no circle.
write(path.join(publicDir, 'apple-touch-icon.png'), await png(fullBleed(0.9), 180));
for (const size of [192, 512]) {
  write(path.join(iconsDir, `icon-${size}.png`), await png(logo, size));
  write(path.join(iconsDir, `maskable-${size}.png`), await png(fullBleed(0.9), size));
}
for (const name of ['donate', 'browse']) {
  write(path.join(iconsDir, `shortcut-${name}-96.png`), await png(fs.readFileSync(path.join(iconsDir, `shortcut-${name}.svg`), 'utf8'), 96));
}
console.log(`Wrote ${written.length} icons into apps/web/public:\n  ${written.join('\n  ')}`);
