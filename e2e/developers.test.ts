import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { slug } from '../apps/web/app/features/docs/openapi';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the developer pages (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A request of the public API from Node, as a developer's server would make it. */
function callApi(key: string, pathname: string) {
  return fetch(`${baseURL}/v1${pathname}`, { headers: { authorization: `Bearer ${key}` } });
}

describe('developers: API keys', () => {
  it('signs in from the page, creates a test key shown once, uses it, and revokes it', async () => {
    const { page, problems } = await watchedPage(browser, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const email = `developer.${Date.now()}@example.com`;
    const password = 'print-it-4';
    await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The new account is signed in at once; a visitor (cookies cleared) is who comes next.
    await page.waitForURL(`${baseURL}/`);
    await page.context().clearCookies();

    // A visitor is sent to sign in, and brought back.
    await page.goto(`${baseURL}/dashboard/developers`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseURL}/dashboard/developers`);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Developers');
    await expect.poll(() => page.getByText('You have no API keys yet.').count()).toBe(1);

    // The user menu links here: a menu under the email, opened and closed with the keyboard too.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const account = nav.getByRole('button', { name: `Account menu of ${email}` });
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    await account.focus();
    await page.keyboard.press('Enter');
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('list', { name: 'Your account' }).getByRole('link').allInnerTexts()).toEqual([
      'My orders',
      'Store connections',
      'Developers',
    ]);
    await shot(page, 'account-menu-1440');
    await page.keyboard.press('Escape');
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBeTruthy();

    // Create a test key: shown once, with a copy button and a warning.
    await page.getByLabel('Name').fill('CI server');
    expect(await page.getByRole('radio', { name: /Test key/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create key' }).click();
    const reveal = page.getByTestId('new-api-key');
    await expect.poll(() => reveal.count()).toBe(1);
    expect(await reveal.innerText()).toContain('Copy it now: it will not be shown again.');
    const key = (await page.getByTestId('new-api-key-value').innerText()).trim();
    expect(key).toMatch(/^pl_test_[0-9A-Za-z]{40}$/);
    // Focus moves to the new key, so a screen reader reads it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'new-api-key',
    );
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => reveal.innerText()).toContain('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The list: name, mode, the key's ends (never the key), dates, state.
    const row = page
      .getByRole('list', { name: 'Your API keys' })
      .getByRole('listitem')
      .filter({ hasText: 'CI server' });
    const rowText = await row.innerText();
    for (const text of ['Test', 'Active', 'Created', 'Last used', 'Never']) expect(rowText).toContain(text);
    expect(rowText).toContain(`${key.slice(0, 12)}…${key.slice(-4)}`);
    expect(rowText).not.toContain(key);
    await shot(page, 'developers-new-key-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'developers-new-key-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The key works from a server: Node's fetch against /v1.
    const ok = await callApi(key, '/orders?limit=5');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ object: 'list', data: [], has_more: false });
    expect(ok.headers.get('request-id')).toBeTruthy();
    expect(ok.headers.get('ratelimit-limit')).toBeTruthy();

    // Once dismissed, the key is nowhere on the page, even after a reload; its last use shows.
    await page.getByRole('button', { name: 'I have stored it safely' }).click();
    expect(await reveal.count()).toBe(0);
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: 'networkidle' });
          return row.innerText();
        },
        { timeout: 15_000 },
      )
      .not.toContain('Never');
    expect(await page.content()).not.toContain(key);

    // Revoke, with a confirm step that can be cancelled.
    await row.getByRole('button', { name: 'Revoke CI server' }).click();
    expect(await row.innerText()).toContain('Every request made with it fails from now on.');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shot(page, 'developers-confirm-1440');
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.getByRole('button', { name: 'Revoke key' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Revoke CI server' }).click();
    await row.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => row.getByTestId('key-state').innerText()).toBe('Revoked');
    expect(await row.getByRole('button').count()).toBe(0);

    // The same call now answers 401 in the API's error envelope.
    const refused = await callApi(key, '/orders?limit=5');
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { error: { code: string; message: string; request_id: string } };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.request_id).toBe(refused.headers.get('request-id'));

    // A live key, made with the keyboard only: name, arrow to Live, Tab to the button, Enter.
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Shop server');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /Live key/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('new-api-key-value').count()).toBe(1);
    expect(await page.getByTestId('new-api-key-value').innerText()).toMatch(/^pl_live_/);
    const live = page.getByRole('list', { name: 'Your API keys' }).getByRole('listitem').first();
    expect(await live.innerText()).toContain('Shop server');
    expect(await live.innerText()).toContain('Live');
    await page.getByRole('button', { name: 'I have stored it safely' }).click();
    await shot(page, 'developers-list-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'developers-list-375');

    // The dashboard links here too.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Developers: API keys' }).click();
    await page.waitForURL(`${baseURL}/dashboard/developers`);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the API reference', () => {
  it('/docs/api shows every operation of the live OpenAPI document', async () => {
    const doc = (await (await fetch(`${baseURL}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: p, ...op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);

    const { page, problems } = await watchedPage(browser);
    // Reached from /docs in the browser: the page's data comes from its prerendered .data file.
    await page.goto(`${baseURL}/docs`, { waitUntil: 'networkidle' });
    await page.getByRole('main').getByRole('link', { name: 'API reference' }).first().click();
    await page.waitForURL(`${baseURL}/docs/api`);
    for (const op of operations) {
      const section = page.locator(`section[id="${slug(op.operationId)}"]`);
      await expect.poll(() => section.count(), { message: op.operationId }).toBe(1);
      const text = await section.innerText();
      expect(text, op.operationId).toContain(op.summary);
      expect(text, op.operationId).toContain(op.method);
      expect(text, op.operationId).toContain(op.path);
      expect(text, op.operationId).toContain(op.operationId);
      // Every operation has its samples in three languages.
      expect(await section.getByRole('tab').allInnerTexts(), op.operationId).toEqual([
        'JavaScript',
        'Python',
        'cURL',
      ]);
    }
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('section[id="errors"]').innerText()).toContain('IDEMPOTENCY_KEY_REUSED');
    expect(problems).toEqual([]);

    // The prerendered HTML has it all without JavaScript.
    const html = await (await fetch(`${baseURL}/docs/api`)).text();
    for (const op of operations) expect(html, op.operationId).toContain(`id="${slug(op.operationId)}"`);
    await page.context().close();
  });

  it('/docs/api/try loads the interactive reference from this origin, without errors, and sends a request with a pasted key', async () => {
    const { page, problems } = await watchedPage(browser);
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    });
    await page.goto(`${baseURL}/docs/api/try`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('interactive-reference').getByText('PrintLoop API').count())
      .toBeGreaterThan(0);
    expect(await page.locator('h1').allInnerTexts()).toEqual(['Try the API']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'docs-api-try-1440');

    // A developer's request: a (made up) key pasted, List orders sent from the browser to this server.
    const sent: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/orders'))
        sent.push({ url: r.url(), authorization: r.headers().authorization });
    });
    const madeUp = `pl_test_${'A'.repeat(40)}`;
    // Scalar's link to an operation opens its tag.
    await page.goto(`${baseURL}/docs/api/try#tag/orders/GET/v1/orders`, { waitUntil: 'networkidle' });
    await page.getByPlaceholder('Token').first().fill(madeUp);
    await page.getByRole('button', { name: 'Test Request (get /v1/orders)', exact: true }).click();
    await page.getByRole('button', { name: /^Send get request to / }).click();
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent[0]!.url.startsWith(`${baseURL}/v1/orders`)).toBe(true);
    expect(sent[0]!.authorization).toBe(`Bearer ${madeUp}`);
    // An unknown key is a 401 from the API: expected here, and the only problem.
    await expect.poll(() => problems.filter((p) => p.includes('/v1/orders')).length).toBeGreaterThan(0);
    expect(problems.filter((p) => !/401|\/v1\/orders/.test(p))).toEqual([]);
    expect(foreign).toEqual([]);
    await page.context().close();

    const narrow = await watchedPage(browser, { viewport: { width: 375, height: 800 } });
    await narrow.page.goto(`${baseURL}/docs/api/try`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => narrow.page.getByTestId('interactive-reference').getByText('PrintLoop API').count())
      .toBeGreaterThan(0);
    expect(await horizontalOverflow(narrow.page)).toBeLessThanOrEqual(0);
    await shot(narrow.page, 'docs-api-try-375');
    expect(narrow.problems).toEqual([]);
    await narrow.page.context().close();
  });

  it('/docs/api reads well at 375 and 1440 px', async () => {
    for (const width of [375, 1440]) {
      const { page, problems } = await watchedPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${baseURL}/docs/api`, { waitUntil: 'networkidle' });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `docs-api-${width}`);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
