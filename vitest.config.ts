import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/test/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Whole screens in happy-dom with the real server in process (apps/web/test/support/route-test.tsx says how to write one).
        test: {
          name: 'routes',
          include: ['apps/web/test/**/*.route.test.tsx'],
          environment: 'happy-dom',
          // A laptop's screen, as the browser tests' 1280 x 800: the top bar's links show from lg (1200 px).
          environmentOptions: { happyDOM: { width: 1280, height: 800 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
