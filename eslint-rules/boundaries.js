// Boundaries the codebase keeps (docs: /STYLE "Features never import each other's internals"),
// as a small local ESLint plugin: no runtime import cycles; a web feature imports no other
// feature, and shared UI and helpers (components/, lib/) import no feature; a server module
// imports no other module's repository.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cycleThrough, resolveImport } from './import-graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * Imports of another module's repository that were there when the rule came (issue 30); each
 * should move to the owning module's service or a query file it publishes. New ones are errors.
 */
const KNOWN_REPOSITORY_IMPORTS = new Set([
  'account -> user/user-repository',
  'admin -> auth/sessions-repository',
  'alerts -> blocks/blocks-repository',
  'alerts -> notifications/notifications-repository',
  'directory -> auth/sessions-repository',
  'donations -> blocks/blocks-repository',
  'food-needs -> blocks/blocks-repository',
  'map -> blocks/blocks-repository',
  'moderation -> auth/sessions-repository',
  'notifications -> auth/sessions-repository',
  'requests -> blocks/blocks-repository',
  'requests -> donations/donations-repository',
]);

function importSources(node, report) {
  const check = (source) => {
    if (source && typeof source.value === 'string') report(source, source.value);
  };
  return {
    ImportDeclaration: (n) => check(n.source),
    ExportNamedDeclaration: (n) => check(n.source),
    ExportAllDeclaration: (n) => check(n.source),
    ImportExpression: (n) => (n.source.type === 'Literal' ? check(n.source) : undefined),
  };
}

const noImportCycles = {
  meta: { type: 'problem', docs: { description: 'No chain of runtime imports leads back to the file itself.' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (!/\.(ts|tsx)$/.test(file)) return {};
    return {
      'Program:exit'(program) {
        const cycle = cycleThrough(file, ROOT);
        if (cycle) context.report({ node: program, message: `Import cycle: ${cycle.map(rel).join(' -> ')}` });
      },
    };
  },
};

const WEB = /^apps\/web\/src\/(features\/([^/]+)|components|lib)\//;
const SERVER_MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Web features do not import each other; components/ and lib/ import no feature; server modules do not import another module's repository." },
    schema: [],
  },
  create(context) {
    const file = rel(context.filename);
    const web = WEB.exec(file);
    // Tests may set up what they need through any module's repository.
    const server = /\.test\.tsx?$/.test(file) ? null : SERVER_MODULE.exec(file);
    if (!web && !server) return {};
    return importSources(null, (node, specifier) => {
      const target = resolveImport(context.filename, specifier, ROOT);
      if (!target) return;
      const to = rel(target);
      if (web) {
        const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(to)?.[1];
        if (!feature) return;
        if (web[2] === undefined) {
          context.report({ node, message: `${web[1]}/ is shared code and must not import a feature (${to}); move what both need into components/ or lib/.` });
        } else if (feature !== web[2]) {
          context.report({ node, message: `Feature "${web[2]}" must not import feature "${feature}" (${to}); move what both need into components/, lib/ or packages/contract.` });
        }
        return;
      }
      const repository = /^apps\/server\/src\/modules\/([^/]+)\/([^/]+-repository)\.ts$/.exec(to);
      if (!repository || repository[1] === server[1]) return;
      if (KNOWN_REPOSITORY_IMPORTS.has(`${server[1]} -> ${repository[1]}/${repository[2]}`)) return;
      context.report({
        node,
        message: `Module "${server[1]}" must not import another module's repository (${to}); call that module's service or a function it publishes.`,
      });
    });
  },
};

export default { rules: { 'no-import-cycles': noImportCycles, 'feature-boundaries': featureBoundaries } };
