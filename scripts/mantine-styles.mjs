// The Mantine stylesheets the web app needs, and nothing more (issue 18). Mantine's full
// `@mantine/core/styles.css` is 250 kB (35 kB gzipped) of which a page uses about a tenth, and it
// blocks the first paint: on a phone it cost about 150 ms to download and 40 ms to parse before
// anything showed. Mantine also ships one stylesheet per component (`@mantine/core/styles/X.css`);
// this script finds the components the app and its Mantine add-ons use, follows what each one is
// built from (Select needs Combobox, Input, Popover, ScrollArea...) through @mantine/core's own
// module graph, and lists their stylesheets in the order `styles.css` has them.
//
//   node scripts/mantine-styles.mjs          prints the list
//   node scripts/mantine-styles.mjs --write  rewrites apps/web/src/app/mantine-styles.css
//
// A unit test (apps/web/src/app/mantine-styles.test.ts) fails when that file and this list differ,
// so a component newly used is never left unstyled.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
export const STYLES_FILE = path.join(web, 'src/app/mantine-styles.css');

/** Where an npm package is installed for the web app (its own node_modules, else the root's). */
function packageDir(name) {
  for (const base of [path.join(web, 'node_modules'), path.join(root, 'node_modules')]) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${name} is not installed`);
}

function walk(dir, test) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, test);
    return test(full) ? [full] : [];
  });
}

/** Names imported from `from` in a file's text: `import { A, B as C } from '@mantine/core'`. */
function namedImports(text, from) {
  const names = new Set();
  // Value imports only: `import type { … }` and `type X` inside the braces draw nothing.
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${from}["']`, 'g');
  for (const match of text.matchAll(pattern)) {
    for (const part of (match[1] ?? '').split(',').map((entry) => entry.trim())) {
      if (part && !part.startsWith('type ')) names.add(part.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

/** The stylesheets (file names under @mantine/core/styles) the app needs, in styles.css's order. */
export function neededStylesheets() {
  const core = packageDir('@mantine/core');
  const esm = path.join(core, 'esm');

  // What the app imports from @mantine/core, and which other Mantine packages it uses.
  const sources = walk(path.join(web, 'src'), (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
  const used = new Set();
  const addOns = new Set();
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    for (const name of namedImports(text, '@mantine/core')) used.add(name);
    // Statically or lazily: `from '@mantine/dates'`, `import('@mantine/notifications')`.
    for (const match of text.matchAll(/['"](@mantine\/(?:dates|charts|carousel|notifications))['"]/g)) addOns.add(match[1]);
  }
  // The add-ons are drawn with core components of their own (a date picker's popover and inputs).
  for (const addOn of addOns) {
    for (const file of walk(path.join(packageDir(addOn), 'esm'), (name) => name.endsWith('.mjs'))) {
      for (const name of namedImports(fs.readFileSync(file, 'utf8'), '@mantine/core')) used.add(name);
    }
  }

  // Each exported name's module, from @mantine/core's index.
  const index = fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const moduleOf = new Map();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      // Names it re-exports from other packages (react-remove-scroll's RemoveScroll) carry no styles.
      if (imported) moduleOf.set((local ?? imported).trim(), match[2].startsWith('.') ? path.join(esm, match[2]) : null);
    }
  }
  const unknown = [...used].filter((name) => !moduleOf.has(name));
  if (unknown.length > 0) throw new Error(`Not exported by @mantine/core: ${unknown.join(', ')}`);

  // Everything those modules are built from; a `X.module.mjs` on the way means X's stylesheet.
  const needed = new Set();
  const seen = new Set();
  const queue = [...used].map((name) => moduleOf.get(name)).filter((file) => file !== null);
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const module = /([^/\\]+)\.module\.mjs$/.exec(file);
    if (module) needed.add(`${module[1]}.css`);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) queue.push(path.resolve(path.dirname(file), match[1]));
  }

  // In styles.css's order (a component's sheet comes after those of the parts it is built from),
  // after the three every app needs: the reset, the theme's variables and the global rules.
  const all = fs.readFileSync(path.join(core, 'styles.css'), 'utf8');
  const position = (sheet) => {
    const text = fs.readFileSync(path.join(core, 'styles', sheet), 'utf8').trim();
    const at = all.indexOf(text.slice(0, 300));
    if (at < 0) throw new Error(`${sheet} is not part of @mantine/core/styles.css`);
    return at;
  };
  const base = ['baseline.css', 'default-css-variables.css', 'global.css'];
  const components = [...needed].filter((sheet) => !base.includes(sheet)).sort((a, b) => position(a) - position(b));
  return [...base, ...components];
}

/** The text of apps/web/src/app/mantine-styles.css for the stylesheets needed now. */
export function stylesFileText(sheets = neededStylesheets()) {
  return [
    '/* Written by `node scripts/mantine-styles.mjs --write`: the @mantine/core stylesheets the app uses, in',
    '   the order of @mantine/core/styles.css (issue 18). Do not edit; a unit test checks it is current. */',
    ...sheets.map((sheet) => `@import '@mantine/core/styles/${sheet}';`),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sheets = neededStylesheets();
  if (process.argv.includes('--write')) {
    fs.writeFileSync(STYLES_FILE, stylesFileText(sheets));
    console.log(`Wrote ${path.relative(root, STYLES_FILE)}: ${sheets.length} stylesheets.`);
  } else {
    console.log(sheets.join('\n'));
  }
}
