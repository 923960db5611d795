/**
 * Stands in for Mantine's MantineCssVariables, which works out the theme's CSS variables on every
 * render of MantineProvider (66 ms inside hydration with the CPU slowed 4×, issue 18). The app
 * passes `withCssVariables={false}` and links the same variables as a stylesheet instead
 * (app/theme-variables.css, written by scripts/theme-variables.ts and checked against Mantine by
 * theme-variables.test.ts), so the component and its resolver, about 2 kB gzipped, were dead
 * weight in every first load. vite.config.ts points MantineProvider's import here. Rendering it
 * is a mistake to hear about at once: the variables would be missing from the page.
 */
export function MantineCssVariables(): never {
  throw new Error('MantineProvider needs withCssVariables={false}: the theme variables come from app/theme-variables.css.');
}
