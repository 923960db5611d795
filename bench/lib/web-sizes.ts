import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Gzipped JS and CSS a route loads before it can show anything: index.html's own script and
 * styles, the route's lazy chunk, and everything those import statically, read from Vite's
 * manifest (dynamic imports, i.e. what loads later, are left out).
 */
export interface RouteSize {
  route: string;
  jsKiB: number;
  cssKiB: number;
  files: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const WEB_DIST = path.resolve('apps/web/dist');

/** The main routes and the module of each one's lazy screen (null: rendered by the entry itself). */
export const MAIN_ROUTES: { route: string; module: string | null }[] = [
  { route: '/', module: 'src/app/routes/landing-page.tsx' },
  { route: '/BrowseDonations', module: 'src/app/routes/browse-donations-page.tsx' },
  { route: '/request-donation/:id', module: 'src/app/routes/donation-detail-page.tsx' },
  { route: '/stats', module: 'src/features/statistics/components/statistics-page.tsx' },
  // The dashboard is a placeholder screen rendered by the entry chunk behind the sign-in guard.
  { route: '/dashboard', module: null },
];

function gzipKiB(file: string) {
  return zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length / 1024;
}

export function measureRoutes(): RouteSize[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  // Stylesheets from public/ are linked by index.html but are not in the manifest.
  const publicCss = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => file && !file.startsWith('assets/'));

  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.pop() as string;
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The Vite manifest has no entry ${key}; was the web app built with build.manifest?`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      queue.push(...(chunk.imports ?? []));
    }
    return files;
  };

  return MAIN_ROUTES.map(({ route, module }) => {
    const files = closure(['index.html', ...(module ? [module] : [])]);
    for (const css of publicCss) files.add(css);
    const sorted = [...files].sort();
    const sum = (extension: string) => sorted.filter((file) => file.endsWith(extension)).reduce((total, file) => total + gzipKiB(file), 0);
    return { route, jsKiB: sum('.js'), cssKiB: sum('.css'), files: sorted };
  });
}
