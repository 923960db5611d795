// Gzipped size of what a route loads first: index.html's script and styles, plus the route's
// chunk and everything it imports statically (dynamic imports, i.e. lazy parts, are left out).
// Usage: node scripts/measure-first-load.mjs [chunk-name-prefix]   (default: landing-page)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('apps/web/dist');
const assets = path.join(dist, 'assets');
const prefix = process.argv[2] ?? 'landing-page';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const files = new Set();
for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) files.add(match[1]);
for (const match of html.matchAll(/href="\/([^"]+\.css)"/g)) files.add(match[1]);

const route = fs.readdirSync(assets).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'));
if (!route) throw new Error(`No chunk starting with ${prefix}-`);

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
for (const name of staticClosure(path.basename(entry))) files.add(`assets/${name}`);
for (const name of staticClosure(route)) files.add(`assets/${name}`);
// Vite loads a lazy chunk's CSS together with the chunk: the route's own stylesheet(s).
const routeBase = route.replace(/-[\w-]+\.js$/, '');
for (const name of fs.readdirSync(assets)) if (name.startsWith(`${routeBase}-`) && name.endsWith('.css')) files.add(`assets/${name}`);

const totals = { js: 0, css: 0 };
for (const file of [...files].sort()) {
  const bytes = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  totals[file.endsWith('.css') ? 'css' : 'js'] += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`JS ${(totals.js / 1024).toFixed(1)} kB gzip, CSS ${(totals.css / 1024).toFixed(1)} kB gzip`);
const chartFiles = [...files].filter((file) => /CategoricalChart|BarChart|PieChart|recharts/.test(file));
console.log(chartFiles.length ? `Chart code in the first load: ${chartFiles.join(', ')}` : 'No chart code in the first load.');
