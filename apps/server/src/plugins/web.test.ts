import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test-helpers.js';
import { inlineScriptHashes } from './web.js';

const buildDir = loadConfig({}).webBuildDir;

describe('serving the prerendered web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(`${buildDir}/index.html`)) {
      throw new Error(`The web app is not built (${buildDir}); run "npm run build" first (npm test does).`);
    }
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('serves a prerendered page with its content, no-cache and a CSP that allows exactly its inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.match(/<h1[\s>]/g)?.length).toBe(1);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const hashes = inlineScriptHashes(res.body);
    expect(hashes.length).toBeGreaterThan(0);
    for (const h of hashes) expect(csp).toContain(`'${h}'`);
  });

  it('sets the security headers on pages and API responses', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBeTruthy();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Page not found');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('redirects a trailing slash to the canonical path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/pricing');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const asset = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await t.app.inject({
      method: 'GET',
      url: asset!,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    // Scripts may run as workers: their policy allows same-origin fetches and WebAssembly.
    expect(res.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
  });

  it('never serves raw .html files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing/index.html' });
    expect(res.statusCode).toBe(404);
  });

  it('publishes sitemap.xml with the public pages only, and robots.txt', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>http://localhost:3000/pricing</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/docs/integrations/shopify</loc>');
    for (const appScreen of ['/calculator', '/login', '/signup', '/dashboard', '/reset-password']) {
      expect(sitemap.body).not.toContain(`${appScreen}<`);
    }
    expect(sitemap.body).not.toContain('/404');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
