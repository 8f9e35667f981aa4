import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test-helpers.js';

describe.each(testDatabases)('GET /api/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

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
