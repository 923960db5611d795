import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileImageSource } from './config';

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

  it("draws maps on OpenStreetMap's standard tiles unless MAP_TILE_URL names another server", () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({}).mapTileAttribution).toContain('OpenStreetMap');
    const other = loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles by Example' });
    expect(other.mapTileUrl).toBe('https://{s}.tiles.example/{z}/{x}/{y}.png');
    expect(other.mapTileAttribution).toBe('Tiles by Example');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow('MAP_TILE_URL: must be an http(s) tile URL template');
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_URL');
  });

  it('switches WhatsApp and SMS on by their credentials, and names what an enabled channel lacks', () => {
    const off = loadConfig({});
    expect(off.whatsapp).toBeNull();
    expect(off.sms).toBeNull();
    expect(off.messagingWaitMs).toBe(120_000);
    const whatsapp = { WHATSAPP_PHONE_NUMBER_ID: '100200300400', WHATSAPP_ACCESS_TOKEN: 'token-0123456789', WHATSAPP_APP_SECRET: 'secret-0123' };
    expect(loadConfig(whatsapp).whatsapp).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      phoneNumberId: '100200300400',
      accessToken: 'token-0123456789',
      appSecret: 'secret-0123',
    });
    expect(() => loadConfig({ WHATSAPP_ACCESS_TOKEN: 'token-0123456789' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be set when WhatsApp is on[\s\S]*WHATSAPP_APP_SECRET: must be set/,
    );
    const sms = {
      MSG91_AUTH_KEY: 'authkey-0123',
      SMS_DLT_ENTITY_ID: '1101000000000000001',
      SMS_SENDER_ID: 'ANNDAN',
      SMS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
    };
    expect(loadConfig(sms).sms).toEqual({ baseUrl: 'https://control.msg91.com', authKey: 'authkey-0123' });
    expect(() => loadConfig({ MSG91_AUTH_KEY: 'authkey-0123' })).toThrow(/SMS_DLT_ENTITY_ID: must be set when SMS is on/);
    expect(() => loadConfig({ ...sms, SMS_SENDER_ID: 'Annadaan' })).toThrow('SMS_SENDER_ID');
    // A link in an SMS is one variable of at most 40 characters: PUBLIC_URL/s/x.
    expect(() => loadConfig({ ...sms, PUBLIC_URL: 'https://annadaan-food-rescue.example.org' })).toThrow('PUBLIC_URL: must be at most 36 characters');
  });

  it('lets the page load tiles from the tile server only (a Content-Security-Policy source)', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tiles.example:8443/{z}/{x}/{y}.png?key=k')).toBe('https://*.tiles.example:8443');
    expect(tileImageSource('not a url {z}{x}{y}')).toBeNull();
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

  it('reads the mail settings: SMTP only by URL, links from PUBLIC_URL (required with SMTP in production)', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, publicBaseUrl: 'http://localhost:3000', mailFrom: 'Annadaan <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', PUBLIC_URL: 'https://annadaan.example/' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      publicBaseUrl: 'https://annadaan.example',
      mailFrom: 'Annadaan <no-reply@annadaan.example>',
    });
    expect(loadConfig({ SMTP_FROM: 'Food <food@example.org>' }).mailFrom).toBe('Food <food@example.org>');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' })).toThrow('PUBLIC_URL: must be set when SMTP_URL is set');
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

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true is refused: it trusts the leftmost X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not understood: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/hop count/);
  });

  it('reads the hashing queue sizes', () => {
    expect(loadConfig({})).toMatchObject({ passwordHashConcurrency: 2, passwordHashQueue: 32 });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '4', PASSWORD_HASH_QUEUE: '0' })).toMatchObject({ passwordHashConcurrency: 4, passwordHashQueue: 0 });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });
});
