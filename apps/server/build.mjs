// Bundles the server into dist/ with esbuild: our code and the contract package inlined,
// every npm dependency left as an import (native modules cannot be bundled).
import fs from 'node:fs';
import { build } from 'esbuild';

const commands = fs.readdirSync('src/cli').filter((file) => file.endsWith('.ts') && !file.includes('.test.'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    ...Object.fromEntries(commands.map((file) => [`cli/${file.replace(/\.ts$/, '')}`, `src/cli/${file}`])),
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-dependencies',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@annadaan/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
