import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.sqlitePath).toBe(path.join(path.resolve('./data'), 'annadaan.sqlite'));
    expect(config.uploadsDir).toBe(path.join(path.resolve('./data'), 'uploads'));
    expect(config.corsOrigins).toEqual([]);
    expect(config.demoData).toBeUndefined();
    expect(config.devOutbox).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.logFormat).toBe('pretty');
  });

  it('logs JSON in production or when asked, short lines otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: use json or pretty');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/annadaan',
      DATA_DIR: '/srv/annadaan',
      PUBLIC_URL: 'https://annadaan.example',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      DEMO_DATA: 'false',
      DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app@db:5432/annadaan',
      dataDir: '/srv/annadaan',
      publicUrl: 'https://annadaan.example',
      corsOrigins: ['https://a.example', 'https://b.example'],
      demoData: false,
      devOutbox: true,
      logLevel: 'warn',
    });
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'not a url', DEMO_DATA: 'maybe', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'CORS_ORIGINS', 'DEMO_DATA', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('refuses the dev outbox in production, where it would show reset codes to anyone', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX/);
  });
});
