import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the highest levels; the
 * server sends the one the browser accepts (@fastify/static's preCompressed), so a phone on a
 * slow network downloads about a quarter of the bytes and no request pays for compressing.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'annadaan-precompress',
    apply: 'build',
    configResolved(config) {
      // The server render's bundle (dist-server) is read from disk by Node, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has written sw.js (its closeBundle is sequential too), so the worker is compressed as well.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (!outDir) return;
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(full);
            return /\.(js|css|html|svg|json|txt)$/.test(entry.name) ? [full] : [];
          });
        for (const file of walk(outDir)) {
          const bytes = fs.readFileSync(file);
          if (bytes.length < 1024) continue;
          const brotli = zlib.brotliCompressSync(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          });
          fs.writeFileSync(`${file}.br`, brotli);
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The screens that must open with no signal (issue 18): the first screens, the receiver's pickup
 * codes (My Orders), the donor's handovers (received requests, confirm pickup) and Contact & Help.
 * Their chunks and everything they import statically are precached with the shell, fonts and
 * every language's catalogs; the rest of the app (charts, maps, admin: about 2 MB more) is kept
 * by the worker as it is used, so a first visit on a phone does not download all of it.
 */
const OFFLINE_SCREENS = [
  'index.html',
  'src/app/routes/landing-page.tsx',
  'src/app/routes/home-page.tsx',
  'src/app/routes/my-orders-page.tsx',
  'src/app/routes/received-requests-page.tsx',
  'src/app/routes/confirm-pickup-page.tsx',
  'src/features/contact/components/contact-help-page.tsx',
  // The toasts' container and store, loaded with the first toast (lib/notify): a form that says it
  // needs a connection says so in a toast, and that first toast may come with no signal. (A
  // package is named by the end of its manifest key, wherever npm installed it.)
  '@mantine/notifications/esm/index.mjs',
];

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The built files of OFFLINE_SCREENS and their static imports, and of every catalog, from Vite's manifest. */
function offlineFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const keys = Object.keys(manifest);
  const packages = OFFLINE_SCREENS.filter((entry) => entry.startsWith('@')).map((entry) => {
    const key = keys.find((candidate) => candidate.endsWith(`node_modules/${entry}`));
    if (!key) throw new Error(`${entry} is not in the build's manifest: the offline precache would miss it`);
    return key;
  });
  const queue = [...OFFLINE_SCREENS.filter((entry) => !entry.startsWith('@')), ...packages, ...keys.filter((key) => key.startsWith('src/i18n/locales/'))];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * The service worker (src/service-worker/sw.ts), built to dist/sw.js with the list of files to
 * precache injected (docs/decisions/037-installable-offline.md). The manifest is a plain file in
 * public/ and index.html links it; the app registers the worker itself (lib/service-worker.ts).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  manifest: false,
  injectRegister: false,
  injectManifest: {
    // The shell, the hashed bundles and styles, fonts, icons; not the .br/.gz copies, not the SEO files.
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', '*.{svg,ico,png,webmanifest}', 'icons/*.png'],
    // The password checker's dictionaries (1.7 MB) serve forms that need the network anyway: fetched when used.
    globIgnores: ['assets/password-strength-*.js'],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    manifestTransforms: [
      (entries) => {
        const keep = offlineFiles(path.resolve(import.meta.dirname, 'dist'));
        return { manifest: entries.filter(({ url }) => !url.startsWith('assets/') || url.endsWith('.woff2') || keep.has(url)), warnings: [] };
      },
    ],
  },
  // `npm run dev` serves the worker too (as /dev-sw.js?dev-sw), so phone notifications can be tried there.
  devOptions: { enabled: true, type: 'module' },
});

/** Points one import of one library module at a file of ours, leaving every other import of it alone. */
function redirectImport(name: string, source: string, importer: RegExp, file: string): Plugin {
  const target = path.resolve(import.meta.dirname, file);
  return {
    name,
    enforce: 'pre',
    resolveId(requested, from) {
      return requested === source && from && importer.test(from) ? target : null;
    },
  };
}

/**
 * Mantine's ScrollArea (and so every Table) imports only `useMergeRefs` from @floating-ui/react;
 * Rollup cannot split a module by export, so that one hook brought the whole positioning library
 * into the first load of pages that have no popover. This points that single import at
 * src/lib/floating-ui-merge-refs.ts; popovers, menus and selects import Floating UI as before.
 */
const scrollAreaWithoutFloatingUi = () =>
  redirectImport(
    'annadaan-scroll-area-without-floating-ui',
    '@floating-ui/react',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    'src/lib/floating-ui-merge-refs.ts',
  );

/**
 * Mantine's useId draws React's id and then swaps in a random one from a layout effect, a
 * synchronous re-render of every input after it mounts; src/lib/mantine-use-id.ts keeps React's.
 * This points @mantine/hooks' own import of it there, for every Mantine component.
 */
const mantineStableIds = () =>
  redirectImport('annadaan-mantine-stable-ids', './use-id/use-id.mjs', /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/, 'src/lib/mantine-use-id.ts');

/**
 * MantineProvider imports its CSS-variables component and resolver even with `withCssVariables`
 * off, as the app has it (the variables are a stylesheet, app/theme-variables.css): this points
 * that import at src/lib/mantine-css-variables-off.ts, which throws if ever rendered.
 */
const mantineCssVariablesOff = () =>
  redirectImport(
    'annadaan-mantine-css-variables-off',
    './MantineCssVariables/MantineCssVariables.mjs',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/,
    'src/lib/mantine-css-variables-off.ts',
  );

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's bundle needs neither the worker nor a copy of public/.
  plugins: [scrollAreaWithoutFloatingUi(), mantineStableIds(), mantineCssVariablesOff(), react(), ...(isSsrBuild ? [] : [serviceWorker]), precompress()],
  publicDir: isSsrBuild ? false : 'public',
  server: {
    port: 5173,
    proxy: { '/api': api, '/welcome': api, '/uploads': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: what each route loads, read by the bench to size first loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    // React DOM and React Router, which every page needs whole, in chunks of their own: a phone
    // compiles each module script as its own task, and the entry with both inside was one task of
    // 160-210 ms with the CPU slowed 4× (Chrome trace of /BrowseDonations), all of it blocking.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
              ],
            },
          },
        },
  },
}));
