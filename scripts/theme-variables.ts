// Writes apps/web/src/app/theme-variables.css, the theme's CSS variables as a stylesheet
// (apps/web/src/app/theme-variables-css.tsx says why). `--write` writes it; without, it checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeVariablesFileText } from '../apps/web/src/app/theme-variables-css';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/app/theme-variables.css');
const text = themeVariablesFileText();
if (process.argv.includes('--write')) {
  fs.writeFileSync(file, text);
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${text.length} bytes).`);
} else if (fs.readFileSync(file, 'utf8') !== text) {
  console.error(`${file} is not what the theme gives: run node --import tsx scripts/theme-variables.ts --write`);
  process.exit(1);
}
