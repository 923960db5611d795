// What a route loads first, gzipped: index.html's script and styles, plus the route's chunk and
// everything it imports statically (dynamic imports, i.e. lazy parts, are left out).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * @param {string} dist the built web app (apps/web/dist)
 * @param {string} prefix the route chunk's name before its hash, e.g. `landing-page`
 * @returns {{ files: Array<{ file: string, bytes: number }>, js: number, css: number }} gzipped bytes
 */
export function measureFirstLoad(dist, prefix) {
  const assets = path.join(dist, 'assets');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

  const files = new Set();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(match[1]);
  for (const match of html.matchAll(/href="\/([^"]+\.css)"/g)) files.add(match[1]);

  const route = fs.readdirSync(assets).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'));
  if (!route) throw new Error(`No chunk starting with ${prefix}- in ${assets}`);

  /** Static imports only: `import"./x.js"` and `from"./x.js"`, not `import("./x.js")`. */
  function staticClosure(start) {
    const seen = new Set();
    const queue = [start];
    while (queue.length) {
      const name = queue.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      const code = fs.readFileSync(path.join(assets, name), 'utf8');
      for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]);
    }
    return seen;
  }

  const entry = [...files].find((file) => file.endsWith('.js'));
  if (!entry) throw new Error('index.html loads no script');
  for (const name of staticClosure(path.basename(entry))) files.add(`assets/${name}`);
  for (const name of staticClosure(route)) files.add(`assets/${name}`);
  // Vite loads a lazy chunk's CSS together with the chunk: the route's own stylesheet(s).
  const routeBase = route.replace(/-[\w-]+\.js$/, '');
  for (const name of fs.readdirSync(assets)) if (name.startsWith(`${routeBase}-`) && name.endsWith('.css')) files.add(`assets/${name}`);

  const measured = [...files].sort().map((file) => ({ file, bytes: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }));
  const sum = (kind) => measured.filter(({ file }) => file.endsWith(`.${kind}`)).reduce((total, { bytes }) => total + bytes, 0);
  return { files: measured, js: sum('js'), css: sum('css') };
}
