import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { signUp } from '../../test/test-people';
import { errorBody } from '../../test/error-body';

// Found by the fuzzer (test/security/fuzz.api.test.ts): on PostgreSQL a NUL character reached SQL and became a 500.
describeEachDatabase('NUL characters in input', (ctx) => {
  it('are refused with a 400 naming the field, in bodies, queries and keys, and nothing is stored', async () => {
    const person = await signUp(ctx(), 'Nul Tester', 'DONOR', 'Pune 411001');
    const contact = await ctx().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Meera', email: 'meera@example.in', subject: 'a\u0000b', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual(
      errorBody({
        message: 'This value contains a character that is not allowed.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { subject: 'This value contains a character that is not allowed.' },
      }),
    );
    const stored = await ctx().database.db.selectFrom('contact_messages').select('id').execute();
    expect(stored).toEqual([]);

    const profile = await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: person.headers, payload: { address: 'Flat\u00002' } });
    expect(profile.statusCode).toBe(400);
    expect(profile.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('address');

    for (const url of ['/api/browse/donations?foodName=a%00b', '/api/analytics/public/top-donors?location=a%00b', '/api/food-requests/open?location=%00']) {
      const response = await ctx().app.inject({ method: 'GET', url, headers: person.headers });
      expect(response.statusCode, url).toBe(400);
    }
    const key = await ctx().app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: '{"a\\u0000":1}',
    });
    expect(key.statusCode).toBe(400);
  });

  it('leaves other unusual text alone', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/browse/donations?foodName=${encodeURIComponent("' OR 1=1 -- 🍛 \u202E")}` });
    expect(response.statusCode).toBe(200);
  });
});
