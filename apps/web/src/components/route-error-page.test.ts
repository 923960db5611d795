import { describe, expect, test } from 'vitest';
import { isChunkLoadError } from './route-error-page';

describe('isChunkLoadError', () => {
  test('knows each browser’s words for a screen’s code that could not be fetched', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://annadaan.example/assets/stats-1a2b.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://annadaan.example/assets/stats-1a2b.js'))).toBe(true);
  });

  test('is false for any other failure', () => {
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined (reading "map")'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
