import 'i18next';
import type { EnglishCatalogs } from './catalog-types';

// Keys are checked against the English catalogs: a typo or a missing key fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    resources: EnglishCatalogs;
  }
}
