import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's first screen imports these contract files at runtime. Importing zod from any of
// them would add about 25 kB gzipped to the landing page's first load (scripts/check-budget.mjs),
// so their schemas live in sibling files (auth.ts, paging.ts, notifications.ts, food-facts.ts,
// donations.ts, requests.ts, statistics.ts), which re-export these values for the server.
const ZOD_FREE = [
  'language.ts',
  'page-size.ts',
  'notification-kinds.ts',
  'pin-code.ts',
  'food-illustration.ts',
  'diets-and-allergens.ts',
  'geolocation.ts',
  'time.ts',
  'request-status.ts',
  'distance.ts',
  'statistics-figures.ts',
  'population.ts',
  'paths.ts',
];

describe('contract files the first screen imports', () => {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  it.each(ZOD_FREE)('%s imports neither zod nor a file that does', (file) => {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const imports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
    expect(imports).not.toContain('zod');
    for (const local of imports.filter((name) => name.startsWith('./'))) expect(ZOD_FREE).toContain(`${local.slice(2)}.ts`);
  });
});
