import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to PGlite, disk storage and the outbox under ./data', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '/srv/app/data/pglite' });
    expect(c.storage).toEqual({ kind: 'disk', root: '/srv/app/data/files' });
    expect(c.mail).toMatchObject({ kind: 'outbox', dir: '/srv/app/data/outbox' });
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL, S3 and SMTP when they are configured', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      S3_BUCKET: 'models',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://quotes.example.com/',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/app', poolMax: 10 });
    expect(c.storage).toMatchObject({ kind: 's3', bucket: 'models', forcePathStyle: true });
    expect(c.mail).toMatchObject({ kind: 'smtp', url: 'smtp://mail:25' });
    expect(c.publicUrl).toBe('https://quotes.example.com');
  });

  it('lists every invalid setting in one clear error', () => {
    const run = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection string');
      expect(msg).toContain('SMTP_URL');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });
});
