import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('the status page shows the live state of the services the app can check', async () => {
  const { page, problems } = await watchedPage(browser);
  const health = page.waitForResponse((r) => r.url().endsWith('/api/health'));
  await page.goto(`${baseURL}/status`);
  expect((await health).status()).toBe(200);
  for (const service of ['Website & API', 'Database', 'File storage']) {
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: service, exact: true }) });
    await expect.poll(() => row.innerText()).toMatch(/Operational/);
    expect(await row.innerText()).toMatch(/Response time \d+ ms|This site/);
  }
  expect(problems).toEqual([]);
  await page.context().close();
});
