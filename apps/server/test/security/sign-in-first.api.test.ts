import { expect, it } from 'vitest';
import { freshAddress } from '../accounts';
import { errorBody } from '../error-body';
import { describeEachDatabase } from '../test-app';
import { ACCESS_MATRIX } from './access-matrix';
import { type Operation, fillPath, listOperations } from './openapi-operations';

/**
 * Every documented route that refuses anonymous callers, according to the access matrix. The
 * providers' webhooks answer 401 too, but for a bad signature, not for a missing session.
 */
function signedInOperations(operations: Operation[]): Operation[] {
  return operations.filter((operation) => ACCESS_MATRIX[operation.key]?.expected.anonymous === 401 && !operation.path.startsWith('/api/webhooks/'));
}

/** Path and query values no route accepts: ids must be positive numbers, pages and sizes too. */
function invalidUrl(operation: Operation): string {
  const params = Object.fromEntries(operation.pathParams.map((name) => [name, 'not-a-number']));
  const query = operation.query.map((parameter) => `${encodeURIComponent(parameter.name)}=-1.5`).join('&');
  return fillPath(operation.path, params) + (query ? `?${query}` : '');
}

describeEachDatabase('sign-in is checked before the input', (ctx) => {
  it('covers the routes that need sign-in, POST /api/donations among them', () => {
    const keys = signedInOperations(listOperations(ctx().app)).map((operation) => operation.key);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toContain('POST /api/donations');
  });

  // Three kinds of bad input: a body of the wrong shape, a body that is not JSON at all, and a
  // body that is too large. Each one was answered with 400 or 413 before the 401.
  const bodies: Array<{ name: string; payload: string }> = [
    { name: 'a body of the wrong shape', payload: '[1, "two", null]' },
    { name: 'a body that is not JSON', payload: '{"foodName": ' },
    { name: 'a body over the size limit', payload: JSON.stringify({ foodName: 'x'.repeat(1024 * 1024 + 10) }) },
  ];
  for (const { name, payload } of bodies) {
    it(`answers an anonymous call with ${name} and invalid path and query values with 401`, async () => {
      const outcomes: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const operation of signedInOperations(listOperations(ctx().app))) {
        const response = await ctx().app.inject({
          method: operation.method as 'GET' | 'POST' | 'PUT',
          url: invalidUrl(operation),
          remoteAddress: freshAddress(),
          headers: { 'content-type': 'application/json' },
          ...(operation.method === 'GET' ? {} : { payload }),
        });
        outcomes[operation.key] = { status: response.statusCode, body: response.json() };
        expected[operation.key] = { status: 401, body: errorBody({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }) };
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
