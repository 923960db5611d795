module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
    // The app has no dark scheme: Mantine's rules for it are dropped (scripts/postcss-light-scheme-only.cjs).
    [require.resolve('../../scripts/postcss-light-scheme-only.cjs')]: {},
  },
};
