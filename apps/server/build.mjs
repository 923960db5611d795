// Bundles the server into dist/ with esbuild: our code and the contract package inlined,
// every npm dependency left as an import (native modules cannot be bundled).
import fs from 'node:fs';
import { build } from 'esbuild';

const commands = fs.readdirSync('src/cli').filter((file) => file.endsWith('.ts') && !file.includes('.test.'));

// Chunks are named by hash: clear the last build's so they do not pile up.
fs.rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/main.ts',
    ...Object.fromEntries(commands.map((file) => [`cli/${file.replace(/\.ts$/, '')}`, `src/cli/${file}`])),
  },
  outdir: 'dist',
  bundle: true,
  // Code imported with import() becomes a chunk of its own, with its npm imports, loaded when first
  // called: zxcvbn's dictionaries with the first password checked (docs/decisions/047).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-dependencies',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@annadaan/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
