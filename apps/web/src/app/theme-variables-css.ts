import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

/*
 * The theme's CSS variables as a stylesheet (docs/decisions/045-less-work-on-the-first-screen.md):
 * what MantineProvider would otherwise work out and inject as a <style> on every render of the app,
 * a 30-70 ms piece of hydration with the CPU slowed 4× (issue 18). The app's provider runs with
 * withCssVariables={false} and app/theme-variables.css carries them; `node --import tsx
 * scripts/theme-variables.ts --write` writes that file, and a unit test fails when it is not what
 * the theme gives now.
 */
export const THEME_VARIABLES_HEADER = '/* Written by scripts/theme-variables.ts from app/theme.ts: do not edit. */\n';

/** What MantineProvider draws for the app's theme and resolver, as it would draw it. */
export function themeVariablesCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false, children: null }));
  const match = /<style data-mantine-styles="true">([\s\S]*)<\/style>/.exec(html);
  if (!match?.[1]) throw new Error(`MantineProvider drew no variables: ${html.slice(0, 200)}`);
  return match[1];
}

/** The text of app/theme-variables.css. */
export function themeVariablesFileText(): string {
  return `${THEME_VARIABLES_HEADER}${themeVariablesCss()
    .replace(/;(?=--)/g, ';\n  ')
    .replace(/\{/g, '{\n  ')
    .replace(/\}/g, '\n}\n')}`;
}
