// Gzipped size of what a route loads first (see first-load.mjs for what counts).
// Usage: node scripts/measure-first-load.mjs [chunk-name-prefix]   (default: landing-page)
import path from 'node:path';
import { measureFirstLoad } from './first-load.mjs';

const { files, js, css } = measureFirstLoad(path.resolve('apps/web/dist'), process.argv[2] ?? 'landing-page');
for (const { file, bytes } of files) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${file}`);
console.log(`JS ${(js / 1024).toFixed(1)} kB gzip, CSS ${(css / 1024).toFixed(1)} kB gzip`);
const chartFiles = files.map(({ file }) => file).filter((file) => /CategoricalChart|BarChart|PieChart|recharts/.test(file));
console.log(chartFiles.length ? `Chart code in the first load: ${chartFiles.join(', ')}` : 'No chart code in the first load.');
