// The repo's own import graph, read with a regular expression (static `import`/`export ... from`
// of relative paths and of @annadaan/contract), for the boundary rules in ./boundaries.js.
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const CONTRACT = '@annadaan/contract/';

/** The file an import names, or null for a package or a file that does not exist. */
export function resolveImport(fromFile, specifier, root) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith(CONTRACT)) base = path.join(root, 'packages/contract/src', specifier.slice(CONTRACT.length));
  else return null;
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  const bare = base.replace(/\.js$/, '');
  for (const extension of EXTENSIONS) {
    if (fs.existsSync(bare + extension)) return bare + extension;
  }
  return null;
}

const cache = new Map();

/** Runtime imports of a file (type-only imports are erased and cannot make a cycle at run time). */
export function runtimeImports(file, root) {
  let found = cache.get(file);
  if (found) return found;
  found = [];
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    if (match[1]) continue;
    const target = resolveImport(file, match[2], root);
    if (target) found.push(target);
  }
  cache.set(file, found);
  return found;
}

/** A chain of runtime imports from `file` back to itself, or null. */
export function cycleThrough(file, root) {
  const seen = new Set();
  const walk = (current, trail) => {
    for (const next of runtimeImports(current, root)) {
      if (next === file) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(file, [file]);
}
