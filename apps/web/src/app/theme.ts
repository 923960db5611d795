import { type CSSVariablesResolver, type MantineColorsTuple, createTheme } from '@mantine/core';

/*
 * Mantine's stock green (#2f9e44 at shade 8) gives white button text only ~3.5:1 contrast, and its
 * stock dimmed grey and error red fall under 4.5:1 on white too. Phones are read outdoors, so the
 * darker shades here keep every text colour at 4.5:1 or more (WCAG AA).
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2b8a3e',
  '#237a35',
  '#1b6e2f',
];

export const theme = createTheme({
  colors: { green },
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  defaultRadius: 'md',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-green-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
