import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { badgeTextColor } from './status-badge-color';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('badge colours', () => {
  it('gives light badges of colours too pale for shade 9 near-black text', () => {
    expect(badgeTextColor('green')).toBe('green.9');
    expect(badgeTextColor('orange')).toBe('dark.8');
  });

  /*
   * Issue 29: <Badge color="green.9" variant="light"> is filled with green.9 under green.9 text, an
   * empty bar. The browser test (e2e/badge-contrast.spec.ts) measures the badges it can reach; this
   * catches the pattern anywhere in the source.
   */
  it('never gives a light badge a shade, which fills it with its own text colour', () => {
    const offenders = sourceFiles(SOURCE).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const badges = text.match(/<Badge\b[^>]*>/g) ?? [];
      return badges.filter((tag) => /variant="light"/.test(tag) && /color="[a-z]+\.\d"/.test(tag)).map((tag) => `${path.relative(SOURCE, file)}: ${tag}`);
    });
    expect(offenders).toEqual([]);
  });
});
