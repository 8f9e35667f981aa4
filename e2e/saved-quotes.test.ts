import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUp } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const modelsDir = path.resolve('fixtures/models');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the saved quotes (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;
const shot = (page: Page, name: string) =>
  shotsDir ? page.screenshot({ path: path.join(shotsDir, name), fullPage: true }) : Promise.resolve();
const shotOf = (page: Page, region: string, name: string) =>
  shotsDir
    ? page.getByRole('region', { name: region }).screenshot({ path: path.join(shotsDir, name) })
    : Promise.resolve();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ webgl: true });
});
afterAll(() => browser?.close());

async function signUpAndIn(page: Page, email: string, password: string) {
  // The new account is signed in at once.
  await fillSignUp(page, baseURL, email, password);
  await page.waitForURL(`${baseURL}/`);
}

const total = (page: Page) => page.getByTestId('total-quote').innerText();
const confirmed = (page: Page) =>
  expect
    .poll(() => page.getByTestId('quote-source').innerText(), { timeout: 20_000 })
    .toMatch(/^Confirmed quote/);
const rows = (page: Page) => page.locator('li[data-quote]');
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^Quote / });

describe('saved quotes', () => {
  it('saves, reopens, updates in place, saves as new, lists, renames and downloads the PDF', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpAndIn(page, `saved.${Date.now()}@example.com`, 'print-it-3');
    await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });
    await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, 'cube_20mm.stl'));
    await confirmed(page);

    // Honest totals: two dates and the VAT basis.
    const dates = page.getByTestId('delivery-lines');
    const datesText = await dates.innerText();
    expect(datesText).toMatch(/Ready to ship\s+\w{3} \d{1,2} \w{3}/);
    expect(datesText).toMatch(/Delivered by\s+\w{3} \d{1,2} \w{3}/);
    const [ready, delivered] = await dates
      .locator('time')
      .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
    expect(delivered! > ready!).toBe(true);
    await page.getByLabel('Shipping (UK)').selectOption('express');
    await expect.poll(() => dates.locator('time').nth(1).getAttribute('datetime')).not.toBe(delivered);
    expect(await page.getByTestId('vat-note').innerText()).toMatch(/Prices exclude VAT.*incl\. 20 % VAT/);

    await page.getByRole('button', { name: 'Save Quote' }).click();
    await expect
      .poll(() => status(page).innerText(), { timeout: 20_000 })
      .toMatch(/^Quote saved as Q-\d{4}-\d{6}$/);
    const reference = (await status(page).innerText()).replace('Quote saved as ', '');
    await expect.poll(() => rows(page).count()).toBe(1);

    // Reopen after a reload, change the infill, Update: still one quote, with the new figures.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Open quote for cube_20mm.stl' }).click();
    await confirmed(page);
    const before = await total(page);
    await page.getByLabel('Infill').fill('50');
    await expect.poll(() => total(page), { timeout: 20_000 }).not.toBe(before);
    await confirmed(page);
    const updatedTotal = await total(page);
    const update = page.getByRole('button', { name: `Update ${reference}` });
    await expect.poll(() => update.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Quote' }).count()).toBe(0);
    await update.click();
    await expect.poll(() => status(page).innerText(), { timeout: 20_000 }).toBe(`Quote ${reference} updated`);
    await expect.poll(() => rows(page).first().innerText()).toContain('50 % infill');
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain(updatedTotal);

    // Save as new: a second quote with the next reference.
    await page.getByLabel('Infill').fill('30');
    await expect.poll(() => total(page), { timeout: 20_000 }).not.toBe(updatedTotal);
    await confirmed(page);
    await page.getByRole('button', { name: 'Save as new' }).click();
    await expect.poll(() => status(page).innerText(), { timeout: 20_000 }).toMatch(/^Quote saved as /);
    const second = (await status(page).innerText()).replace('Quote saved as ', '');
    expect(Number(second.slice(-6))).toBe(Number(reference.slice(-6)) + 1);
    await expect.poll(() => rows(page).count()).toBe(2);

    // The list: reference, name, thumbnail and the one-line summary of each.
    const first = page.locator(`li[data-quote="${reference}"]`);
    const text = await first.innerText();
    expect(text).toContain(reference);
    expect(text).toContain('cube_20mm.stl');
    expect(await first.getByTestId('quote-summary-line').innerText()).toBe(
      '1 × PLA · black · 0.2 mm · 50 % infill · 60 mm/s',
    );
    expect(
      await page.locator(`li[data-quote="${second}"]`).getByTestId('quote-summary-line').innerText(),
    ).toContain('30 % infill');
    const thumb = first.getByRole('img', { name: 'Preview of cube_20mm.stl' });
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160);

    await shot(page, 'saved-quotes-1440.png');

    // Rename with the keyboard: an empty name is refused, Enter saves, Escape cancels.
    await page.getByRole('button', { name: `Rename ${reference}` }).click();
    const input = page.getByLabel(`Name of quote ${reference}`);
    await input.fill('   ');
    await input.press('Enter');
    await expect.poll(() => first.getByRole('alert').innerText()).toMatch(/name of 1 to 120 characters/);
    await input.fill('Left bracket');
    await input.press('Enter');
    await expect.poll(() => first.locator('p.font-medium').innerText()).toBe('Left bracket');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Rename ${reference}`);
    await page.keyboard.press('Enter');
    await page.getByLabel(`Name of quote ${reference}`).fill('discarded');
    await page.keyboard.press('Escape');
    await expect.poll(() => first.locator('p.font-medium').innerText()).toBe('Left bracket');
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.locator(`li[data-quote="${reference}"] p.font-medium`).innerText())
      .toBe('Left bracket');

    // Download PDF: the saved quote as a PDF, numbered with its reference.
    const link = page.getByRole('link', { name: `Download PDF of ${reference}` });
    const href = await link.getAttribute('href');
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
        disposition: res.headers.get('content-disposition'),
      };
    }, href);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(pdf.disposition).toContain(`${reference}.pdf`);
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe(`${reference}.pdf`);

    // Order goes to checkout with that quote.
    expect(
      await page
        .locator(`li[data-quote="${reference}"]`)
        .getByRole('link', { name: 'Order Left bracket' })
        .getAttribute('href'),
    ).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator(`li[data-quote="${reference}"]`).scrollIntoViewIfNeeded();
    await shot(page, 'saved-quotes-375.png');
    await shotOf(page, 'Saved Quotes', 'saved-list-375.png');
    await page.getByRole('button', { name: 'Open quote for Left bracket' }).click();
    await confirmed(page);
    await shotOf(page, 'Quote Summary', 'summary-375.png');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);
});
