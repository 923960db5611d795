// The build's size budget: fails (exit 1) when the landing route's first-load JS is over
// 200 kB gzipped. Runs after `vite build` (apps/web's build script), from any folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoad } from './first-load.mjs';

const LANDING_FIRST_LOAD_JS_BUDGET_KB = 200;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const { files, js } = measureFirstLoad(dist, 'landing-page');
const kb = js / 1024;
const figure = `Landing first-load JS: ${kb.toFixed(1)} kB gzipped (budget ${LANDING_FIRST_LOAD_JS_BUDGET_KB} kB, ${files.filter(({ file }) => file.endsWith('.js')).length} files)`;
if (kb > LANDING_FIRST_LOAD_JS_BUDGET_KB) {
  console.error(`${figure}: OVER BUDGET by ${(kb - LANDING_FIRST_LOAD_JS_BUDGET_KB).toFixed(1)} kB.`);
  for (const { file, bytes } of files) if (file.endsWith('.js')) console.error(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  process.exit(1);
}
console.log(`${figure}: within budget.`);
