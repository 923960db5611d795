import 'i18next';
import type { EnglishCatalogs } from './catalog-types';

// Keys are checked against the English catalogs: a typo or a missing key fails typecheck. The app's
// translator (translator.ts, react.tsx) uses i18next's types for this; i18next itself is not
// bundled (docs/decisions/045-less-work-on-the-first-screen.md).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: EnglishCatalogs;
  }
}
