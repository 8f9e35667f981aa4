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

  it('asks browsers to upgrade requests only when the site is served over https', async () => {
    expect(t.app.config.publicUrl.startsWith('http://')).toBe(true);
    // Pages, session API and public API alike.
    for (const url of ['/pricing', '/api/health', '/v1/openapi.json', '/v1/orders']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toMatch(/default-src 'none'|default-src 'self'/);
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
    const secure = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://quotes.example.com' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/pricing' });
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const api = await secure.app.inject({ method: 'GET', url: '/v1/openapi.json' });
      expect(String(api.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
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

  it('answers the private pages with an id in the path with the SPA shell (200, noindex), and nothing deeper', async () => {
    for (const url of [
      '/checkout/0b7f3c1e-4a44-4d59-9a43-2f1d1f0e5b6a',
      '/orders/ord_abc123',
      '/dashboard/orders/ord_abc123?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      // The shell renders no page of its own: the browser renders the route.
      expect(res.body).not.toContain('Page not found');
      expect(res.body).toContain('<script');
      const csp = String(res.headers['content-security-policy']);
      for (const h of inlineScriptHashes(res.body)) expect(csp).toContain(`'${h}'`);
    }
    // The prefixes themselves stay the prerendered pages; other paths below them stay 404.
    const list = await t.app.inject({ method: 'GET', url: '/orders' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-robots-tag']).toBeUndefined();
    for (const url of [
      '/orders/ord_abc123/extra',
      '/checkout/a/b',
      '/dashboard/orders/ord_1/x',
      '/dashboard/other/1',
      '/ordersx/1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    const post = await t.app.inject({ method: 'POST', url: '/orders/ord_abc123' });
    expect(post.statusCode).toBe(404);
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
    for (const appScreen of [
      '/calculator',
      '/login',
      '/signup',
      '/dashboard',
      '/reset-password',
      '/checkout',
      '/orders',
      '/dashboard/orders',
      '/dashboard/accounts',
    ]) {
      expect(sitemap.body).not.toContain(`${appScreen}<`);
    }
    expect(sitemap.body).not.toContain('/404');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
