import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test-helpers.js';

describe.each(testDatabases)('GET /api/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { build: { logger: false, healthCacheMs: 0 } });
  });
  afterAll(() => t?.close());

  it('reports the database and storage as ok with their latency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.checks.database.status).toBe('ok');
    expect(body.checks.storage.status).toBe('ok');
    expect(body.checks.database.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 degraded when the storage cannot be written', async () => {
    const original = t.app.storage.ping;
    t.app.storage.ping = async () => {
      throw new Error('disk full');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', checks: { storage: { status: 'error' } } });
    } finally {
      t.app.storage.ping = original;
    }
  });
});

describe('GET /api/health under a flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { HEALTH_RATE_LIMIT: '5' }, build: { logger: false } });
  });
  afterAll(() => t?.close());

  it('shares one probe between calls for a few seconds, then limits each address', async () => {
    let pings = 0;
    const original = t.app.storage.ping;
    t.app.storage.ping = async () => {
      pings++;
      return original();
    };
    try {
      const bodies = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.5.0.1' });
        expect(res.statusCode).toBe(200);
        bodies.push(res.json().checked_at);
      }
      // One probe (one write to the disk) for all five.
      expect(pings).toBe(1);
      expect(new Set(bodies).size).toBe(1);
      const limited = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.5.0.1' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const other = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.5.0.2' });
      expect(other.statusCode).toBe(200);
    } finally {
      t.app.storage.ping = original;
    }
  });
});
