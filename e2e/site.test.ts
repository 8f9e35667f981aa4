import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notFoundPath, prerenderPaths } from '../apps/web/app/config/paths';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const routes = prerenderPaths.filter((p) => p !== notFoundPath);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The routes are checked a few at a time (the project's maxConcurrency): each mostly waits for its page
// to go quiet. Each route is loaded once: checked at the default 1440 px width, then narrowed to
// 375 px, where its layout is measured again (its CSS and media queries apply on the resize as on a
// load; loading every route twice doubled the sweep on a slow 2-core machine). Concurrent tests
// assert with their own context's `expect`, so a failure is reported against the right route.
describe.concurrent('every public route', () => {
  it.for(routes)(
    '%s shows exactly one h1, with no console error or failed request, and no horizontal scroll at 375 px',
    async (route, { expect }) => {
      const { page, problems } = await watchedPage(browser);
      const res = await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').innerText()).not.toBe('');
      expect(await page.title()).not.toBe('');
      expect(problems).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );
});

describe('the shell', () => {
  it('navigates through the navbar and the footer', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['How It Works', '/how-it-works'],
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Documentation', '/docs'],
      ['Home', '/'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${baseURL}${path}`);
      await expect.poll(() => page.locator('h1').count()).toBe(1);
    }
    await nav.getByRole('link', { name: 'Get Quote' }).click();
    await page.waitForURL(/\/(calculator|login)/);
    const footer = page.locator('footer');
    for (const [label, path] of [
      ['Blog', '/blog'],
      ['Support', '/support'],
      ['Cookies', '/cookies'],
      ['Privacy', '/privacy'],
    ] as const) {
      await footer.getByRole('link', { name: label, exact: true }).first().click();
      await page.waitForURL(`${baseURL}${path}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('scrolls to the top on navigation and restores the position on back', async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${baseURL}/pricing`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.locator('footer').getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseURL}/about`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${baseURL}/pricing`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.context().close();
  });

  it('opens and closes the mobile menu with its toggle button', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    const menuId = (await toggle.getAttribute('aria-controls'))!;
    const menu = page.locator(`[id="${menuId}"]`);
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${baseURL}/pricing`);
    // Navigating closes it.
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const { page } = await watchedPage(browser);
    const res = await page.goto(`${baseURL}/no-such-page`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    await page.context().close();
  });

  it('renders the content of public pages without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/pricing`);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('details').count()).toBe(8);
    await context.close();
  });

  it('loads no three.js and at most 150 KB of compressed JavaScript on marketing routes', async () => {
    for (const route of ['/', '/pricing', '/docs', '/docs/api', '/features', '/about', '/contact']) {
      const { page } = await watchedPage(browser);
      // Each finished script is read asynchronously; all the reads are awaited before the page closes
      // (on a slow machine they finish after networkidle, and a read after close throws).
      const reads: Promise<{ url: string; bytes: number; three: boolean }>[] = [];
      page.on('requestfinished', (req) => {
        if (req.resourceType() === 'script' || req.url().endsWith('.js')) {
          reads.push(
            (async () => {
              const sizes = await req.sizes();
              // Chunk names are hashed component names, so look inside: three.js keeps this string when minified.
              const body = (await (await req.response())?.text()) ?? '';
              return {
                url: req.url(),
                bytes: sizes.responseBodySize,
                three: body.includes('THREE.WebGLRenderer'),
              };
            })(),
          );
        }
      });
      await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(reads);
      const total = scripts.reduce((a, s) => a + s.bytes, 0);
      expect(total, `${route}: ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(150 * 1024);
      expect(total).toBeGreaterThan(0);
      expect(
        scripts.filter((s) => s.three).map((s) => s.url),
        route,
      ).toEqual([]);
      await page.context().close();
    }
  });
});
