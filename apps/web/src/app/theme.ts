import { Badge, Button, Card, type CSSVariablesResolver, type MantineColorsTuple, Paper, createTheme } from '@mantine/core';

/*
 * Mantine's stock green (#2f9e44 at shade 8) gives white button text only ~3.5:1 contrast, and its
 * stock dimmed grey and error red fall under 4.5:1 on white too. Phones are read outdoors, so the
 * darker shades here keep every text colour at 4.5:1 or more (WCAG AA).
 */
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2b8a3e', '#237a35', '#1b6e2f'];

/*
 * Annadaan's look (issue 18, docs/decisions/040-design-system.md): leaf green for what people do
 * (buttons, links), saffron and turmeric as the warm accents of food (highlights, illustrations,
 * the logo). Shades 8-9 are the text shades, each 4.5:1 or more on white; 0-2 are backgrounds
 * that carry dark text. The warm page colour of decision 040 waits until every outline and light
 * text colour passes 4.5:1 on it too.
 */
const saffron: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#e8590c', '#b8470a', '#963a08'];

const turmeric: MantineColorsTuple = ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#c98a04', '#8f6203', '#6e4b02'];

export const theme = createTheme({
  colors: { green, saffron, turmeric },
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  // One type scale: sizes step by about 1.2, headings heavier and tighter than body text.
  fontSizes: { xs: '0.8125rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '1.875rem', lineHeight: '1.2' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.25rem', lineHeight: '1.3' },
      h4: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  defaultRadius: 'md',
  radius: { xs: '0.25rem', sm: '0.375rem', md: '0.625rem', lg: '0.875rem', xl: '1.25rem' },
  // Soft, warm shadows: a card lifts off the page without a hard grey edge.
  shadows: {
    xs: '0 1px 2px rgba(73, 45, 12, 0.06)',
    sm: '0 1px 3px rgba(73, 45, 12, 0.08), 0 1px 2px rgba(73, 45, 12, 0.05)',
    md: '0 4px 12px rgba(73, 45, 12, 0.08), 0 2px 4px rgba(73, 45, 12, 0.05)',
    lg: '0 10px 24px rgba(73, 45, 12, 0.1), 0 4px 8px rgba(73, 45, 12, 0.05)',
    xl: '0 18px 40px rgba(73, 45, 12, 0.12)',
  },
  components: {
    // Donations and needs share one card: white on the warm page, rounded, a hairline and a soft lift.
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs', padding: 'md' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Badge: Badge.extend({ defaultProps: { radius: 'sm' } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-green-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
