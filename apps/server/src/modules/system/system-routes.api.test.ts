import { expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, testDialects } from '../../../test/test-app';

describeEachDatabase('system routes', (ctx) => {
  it('answers the wake-up ping', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/welcome' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Welcome to Annadaan. Save Food, Save Lives.' });
  });

  it('reports health 200 while the database answers', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers and no X-Powered-By', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/welcome' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });

  it('gives no CORS headers to an origin that is not listed', async () => {
    const response = await ctx().app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describeEachDatabase(
  'CORS for a listed origin',
  (ctx) => {
    it('answers the preflight and allows the headers asked for', async () => {
      const response = await ctx().app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-api-key',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(response.headers['access-control-allow-headers'])).toContain('x-api-key');
    });
  },
  { CORS_ORIGINS: 'https://partner.example' },
);

for (const dialect of testDialects()) {
  it(`reports health 503 with the error shape once the database stops answering [${dialect}]`, async () => {
    const { context, cleanup } = await createTestApp(dialect);
    try {
      await context.database.db.destroy();
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering.', code: 'UNAVAILABLE' });
    } finally {
      await cleanup();
    }
  });
}
