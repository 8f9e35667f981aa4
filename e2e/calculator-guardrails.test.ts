import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from './browser';
import { confirmed, gbp, signedInAtCalculator, total } from './calculator-helpers';

/** Issue 15: quantity guardrails, colour, material limits and savings hints, in Chromium. */
const baseURL = inject('baseURL');
const modelsDir = path.resolve('fixtures/models');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ webgl: true });
});
afterAll(() => browser?.close());

async function upload(page: Page, file: string) {
  await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, file));
  await expect
    .poll(() => page.getByTestId('analysis-source').innerText(), { timeout: 30_000 })
    .toBe("Figures from the server's analysis");
  await confirmed(page);
}

describe('the calculator as customers use it', () => {
  it('refuses an invalid quantity: the error shows, the total clears and Save is disabled', async () => {
    const { page, problems } = await watchedPage(browser);
    await signedInAtCalculator(page, baseURL, `qty.${Date.now()}@example.com`);
    await upload(page, 'cube_20mm.stl');
    const summary = page.getByRole('region', { name: 'Quote Summary' });
    const save = summary.getByRole('button', { name: 'Save Quote' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const good = await total(page);
    // Saved: Order is offered; an invalid quantity takes it away again.
    const order = summary.getByRole('link', { name: 'Order' });
    await save.click();
    await expect.poll(() => order.count()).toBe(1);
    // Every saving button the summary offers (Save Quote, or Update and Save as new once saved).
    const saveButtons = summary.getByRole('button', { name: /^(Save Quote|Update\b.*|Save as new)$/ });
    const saveEnabled = async () => Promise.all((await saveButtons.all()).map((b) => b.isEnabled()));
    await expect.poll(async () => (await saveEnabled()).length).toBeGreaterThan(0);
    const quantity = page.getByLabel('Quantity');
    for (const typed of ['0', '-3', '1.5', '100000', '']) {
      await quantity.fill(typed);
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Quantity must be a whole number' }).count())
        .toBe(1);
      expect(
        await page.getByRole('alert').filter({ hasText: 'Quantity must be a whole number' }).innerText(),
      ).toBe('Quantity must be a whole number between 1 and 1000');
      expect(await saveEnabled(), `Save with quantity "${typed}"`).not.toContain(true);
      expect(await total(page)).toBe('—');
      expect(await order.count()).toBe(0);
    }
    // Still refused after leaving the field (it is not put back silently).
    await page.getByLabel('Infill').focus();
    expect(await saveEnabled()).not.toContain(true);
    await quantity.fill('1');
    await confirmed(page);
    expect(await total(page)).toBe(good);
    await expect.poll(saveEnabled).toContain(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('picks a colour, follows the material, says the farm speed, and saves the colour', async () => {
    const { page, problems } = await watchedPage(browser);
    await signedInAtCalculator(page, baseURL, `colour.${Date.now()}@example.com`);
    await upload(page, 'cube_20mm.stl');
    const colours = page.getByRole('group', { name: /^Colour/ });
    // A swatch is picked by clicking it (its label; the radio itself is visually hidden).
    const pick = (name: string) =>
      colours.locator('label', { has: page.getByRole('radio', { name }) }).click();
    expect(await colours.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
    await page.getByLabel('Filament type').selectOption('PETG');
    await pick('Clear');
    expect(await colours.getByRole('radio', { name: 'Clear' }).isChecked()).toBe(true);
    // Keyboard: arrow keys move between the swatches.
    await colours.getByRole('radio', { name: 'Clear' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await colours.getByRole('radio', { name: 'Orange' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await colours.getByRole('radio', { name: 'Clear' }).isChecked()).toBe(true);
    // PLA has no clear: a valid colour is chosen and the screen says so.
    await page.getByLabel('Filament type').selectOption('PLA');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'not stocked' }).innerText())
      .toBe('Clear is not stocked in PLA; changed to Black.');
    expect(await colours.getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);

    // TPU at 150 mm/s is priced at 40, and the screen says so next to the control.
    await page.getByLabel('Filament type').selectOption('TPU');
    await page.getByLabel('Print speed').fill('150');
    await expect
      .poll(() => page.getByTestId('limit-printSpeed').innerText())
      .toBe('TPU prints at up to 40 mm/s; priced at 40');
    await confirmed(page);
    const at150 = await total(page);
    await page.getByLabel('Print speed').fill('40');
    await confirmed(page);
    expect(await page.getByTestId('limit-printSpeed').count()).toBe(0);
    expect(await total(page)).toBe(at150);

    await pick('Red');
    const save = page.getByRole('button', { name: 'Save Quote' });
    await confirmed(page);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Quote saved' }).count())
      .toBeGreaterThan(0);
    const saved = await page.evaluate(async () => (await (await fetch('/api/quotes')).json()).quotes[0]);
    expect(saved.parameters).toMatchObject({ filamentType: 'TPU', color: 'red', printSpeed: 40 });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('offers savings hints; applying one changes the price to the figure it promised', async () => {
    const { page, problems } = await watchedPage(browser);
    await signedInAtCalculator(page, baseURL, `hints.${Date.now()}@example.com`);
    await upload(page, 'cube_20mm.stl');
    const panel = page.getByRole('region', { name: 'Ways to save' });
    await expect.poll(() => panel.getByRole('button').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const buttons = panel.getByRole('button');
    expect(await buttons.count()).toBeLessThanOrEqual(3);
    const before = await total(page);
    const first = buttons.first();
    const promised = Number(await first.getAttribute('data-total-pence'));
    expect(await first.innerText()).toContain(gbp(promised));
    await first.click();
    // The instant price at once, then the server's confirmed one: both the promised figure.
    await expect.poll(() => total(page), { timeout: 20_000 }).toBe(gbp(promised));
    expect(gbp(promised)).not.toBe(before);
    await confirmed(page);
    expect(await total(page)).toBe(gbp(promised));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
