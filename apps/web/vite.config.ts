import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

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
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
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
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
