import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase(
  'development logs',
  (ctx) => {
    it('give each request one short line, with query values hidden', async () => {
      const before = ctx().logs().length;
      expect((await ctx().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/browse/donations?location=411001' })).statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'POST', url: '/api/donations', payload: {} })).statusCode).toBe(401);
      const lines = ctx().logs().slice(before);
      expect(lines).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d 200 GET \/api\/health \d+ ms$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d 200 GET \/api\/browse\/donations\?location=\[redacted\] \d+ ms$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d 401 POST \/api\/donations \d+ ms$/),
      ]);
    });
  },
  { LOG_FORMAT: 'pretty' },
);

describeEachDatabase(
  'JSON logs',
  (ctx) => {
    it('stay one JSON object per line, as before', async () => {
      const before = ctx().logs().length;
      expect((await ctx().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const records = ctx()
        .logs()
        .slice(before)
        .map((line) => JSON.parse(line) as { msg: string });
      expect(records.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
    });
  },
  { LOG_FORMAT: 'json' },
);
