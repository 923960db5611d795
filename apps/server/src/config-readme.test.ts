import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const THIS_FILE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(THIS_FILE), '../../..');
/** Folders of installed, built or generated files, never read as code. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report', 'coverage', 'results']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** The system's own, handed on to child processes as they are; nothing to configure. */
/**
 * Set by the system, or by Vite for the web build (`import.meta.env.DEV` is true under `npm run
 * dev`): nobody configures them, so they are not in the README's table.
 */
const SYSTEM_VARIABLES = new Set(['PATH', 'HOME', 'DEV']);

function codeFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : codeFiles(path.join(folder, entry.name));
    const file = path.join(folder, entry.name);
    // This file names variables in its examples; it reads none.
    return CODE.test(entry.name) && file !== THIS_FILE ? [file] : [];
  });
}

/** Names read as `process.env.NAME`, `process.env['NAME']`, `import.meta.env.NAME` or through an alias `env.NAME`. */
export function variablesRead(source: string): string[] {
  const patterns = [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g];
  return [...new Set(patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? '')))];
}

/** The server reads its variables through the zod schema in config.ts: the keys of that object. */
function configVariables(): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'apps/server/src/config.ts'), 'utf8');
  // The object's own keys, one indent deeper than its `.object({` and `})` lines (on a line of their
  // own or not, as Prettier breaks the chain).
  const [, indent = '', schema = ''] = /const ConfigSchema = z(?:\n( *))?\.object\(\{([\s\S]*?)\n\1\}\)/.exec(source) ?? [];
  const keyPattern = new RegExp(`^${indent} {2}([A-Z][A-Z0-9_]*):`, 'gm');
  return [...schema.matchAll(keyPattern)].map((match) => match[1] ?? '');
}

/** The variables of the README's configuration table. */
function documentedVariables(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = /\n## Configuration\n([\s\S]*?)(\n## |$)/.exec(readme)?.[1] ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? '');
}

describe('the README configuration table', () => {
  it('finds reads in every form the code uses', () => {
    const sample = ['process.env.E2E_PORT', "process.env['CI']", 'import.meta.env.VITE_X', 'const env = process.env; env.DEMO_DATA'].join('\n');
    expect(variablesRead(sample).sort()).toEqual(['CI', 'DEMO_DATA', 'E2E_PORT', 'VITE_X']);
  });

  it('lists every environment variable the server, tests and scripts read', () => {
    const config = configVariables();
    // The schema parse above must have found the server's variables, or the check proves nothing.
    expect(config).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'LOG_LEVEL']));
    const readBy = new Map<string, string[]>();
    for (const name of config) readBy.set(name, ['apps/server/src/config.ts']);
    for (const file of codeFiles(ROOT)) {
      for (const name of variablesRead(fs.readFileSync(file, 'utf8'))) {
        readBy.set(name, [...(readBy.get(name) ?? []), path.relative(ROOT, file)]);
      }
    }
    const documented = new Set(documentedVariables());
    const missing = [...readBy.entries()].filter(([name]) => !documented.has(name) && !SYSTEM_VARIABLES.has(name));
    expect(Object.fromEntries(missing), 'variables read but not in the README configuration table').toEqual({});
    expect(readBy.has('E2E_PORT')).toBe(true);
  });

  it('lists nothing that nothing reads', () => {
    const read = new Set(configVariables());
    for (const file of codeFiles(ROOT)) for (const name of variablesRead(fs.readFileSync(file, 'utf8'))) read.add(name);
    expect(documentedVariables().filter((name) => !read.has(name))).toEqual([]);
  });
});
