import { expect, it } from 'vitest';
import { documentTitle } from './page-title';

it('names the screen before the product, and the product alone without a screen', () => {
  expect(documentTitle('Browse donations')).toBe('Browse donations · Annadaan');
  expect(documentTitle(undefined)).toBe('Annadaan');
});
