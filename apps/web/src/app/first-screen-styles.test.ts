import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('first-screen styles', () => {
  const listed = fs.readFileSync(path.join(src, 'app/first-screen-styles.ts'), 'utf8');
  const imported = [...listed.matchAll(/^import '(\.\.\/[^']+\.css)';$/gm)].map((match) => path.resolve(src, 'app', match[1] ?? ''));

  it("import every component's stylesheet, so none arrives with a lazy chunk after the server-drawn page", () => {
    // Leaflet's map.css comes with Leaflet, which only a moving map loads (components/map).
    const components = [...stylesheets(path.join(src, 'components')), ...stylesheets(path.join(src, 'features'))].filter(
      (file) => file !== path.join(src, 'components', 'map', 'map.css'),
    );
    expect(components.length).toBeGreaterThan(0);
    expect(imported.sort()).toEqual(components.sort());
  });

  it('use no CSS modules: Vite drops a CSS module that is imported only for its rules, and would leave it in the lazy chunk', () => {
    expect(stylesheets(src).filter((file) => file.endsWith('.module.css'))).toEqual([]);
  });
});
