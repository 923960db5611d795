import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss, themeVariablesFileText } from './theme-variables-css';

/*
 * The app's MantineProvider runs without its CSS variables (withCssVariables={false}): the
 * stylesheet carries them instead, from app/theme-variables.css. After a change to theme.ts this
 * fails until `node --import tsx scripts/theme-variables.ts --write` has been run.
 */
describe('the theme’s CSS variables', () => {
  it('app/theme-variables.css is what MantineProvider would draw for the theme now', () => {
    expect(fs.readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8')).toBe(themeVariablesFileText());
  });

  it('carry the theme’s own colours, sizes and the resolver’s overrides', () => {
    const css = themeVariablesCss();
    expect(css).toContain('--mantine-color-saffron-6: #fd7e14');
    expect(css).toContain('--mantine-radius-default: 0.625rem');
    expect(css).toMatch(/:root\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-anchor: var\(--mantine-color-green-9\)/);
  });
});
