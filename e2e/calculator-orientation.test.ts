import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildShape, toBinaryStl } from '@printloop/estimate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from './browser';
import { confirmed, gbp, signedInAtCalculator, total } from './calculator-helpers';

/** Issue 15: the orientation savings hint, in Chromium. */
const baseURL = inject('baseURL');

let browser: Browser;
let gallowsFile: string;
let towerFile: string;
beforeAll(async () => {
  browser = await launchBrowser({ webgl: true });
  // A gallows bracket standing up (Γ, 60 mm tall, its 40 mm arm at the top): the arm overhangs.
  const stl = toBinaryStl(
    buildShape({
      kind: 'profileXZ',
      args: [
        [
          [0, 0],
          [10, 0],
          [10, 50],
          [50, 50],
          [50, 60],
          [0, 60],
        ],
        10,
      ],
    }),
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-orient-'));
  gallowsFile = path.join(dir, 'gallows_bracket.stl');
  await writeFile(gallowsFile, stl);
  // A 20 × 30 × 240 mm tower: taller than the printer (210 mm), so it is printed laid on a side.
  towerFile = path.join(dir, 'tall_tower.stl');
  await writeFile(towerFile, toBinaryStl(buildShape({ kind: 'box', args: [20, 30, 240] })));
});
afterAll(() => browser?.close());

const dimensions = (page: Page) => page.locator('dt:has-text("Dimensions") + dd').first().innerText();

describe('a part taller than the printer', () => {
  it('is laid on its side: shown, priced and confirmed that way, and saved with it', async () => {
    const { page, problems } = await watchedPage(browser);
    await signedInAtCalculator(page, baseURL, `tower.${Date.now()}@example.com`);
    await page.getByLabel('Choose a model file').setInputFiles(towerFile);
    await expect
      .poll(() => page.getByTestId('analysis-source').innerText(), { timeout: 30_000 })
      .toBe("Figures from the server's analysis");
    await confirmed(page);
    // Lying down: 20 or 30 mm tall, 240 mm long; no 'does not fit', no Reset (it must lie so).
    await expect.poll(() => dimensions(page)).toMatch(/240\.00 × .* × (20|30)\.00 mm$/);
    expect(await page.getByText(/only laid on its side/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/does not fit/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Reset orientation/ }).count()).toBe(0);
    const shown = await total(page);
    const summary = page.getByRole('region', { name: 'Quote Summary' });
    await summary.getByRole('button', { name: 'Save Quote' }).click();
    await expect.poll(() => page.getByText(/Q-\d{4}-\d{6}/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const saved = await page.evaluate(async () => (await (await fetch('/api/quotes')).json()).quotes[0]);
    expect(gbp(saved.total_pence)).toBe(shown);
    expect(saved.orientation).not.toBeNull();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});

describe('the orientation hint', () => {
  it('lays a part that needs supports on its side: the confirmed price is the promised one, and Reset undoes it', async () => {
    const { page, problems } = await watchedPage(browser);
    await signedInAtCalculator(page, baseURL, `turn.${Date.now()}@example.com`);
    await page.getByLabel('Choose a model file').setInputFiles(gallowsFile);
    await expect
      .poll(() => page.getByTestId('analysis-source').innerText(), { timeout: 30_000 })
      .toBe("Figures from the server's analysis");
    await confirmed(page);
    await page.getByRole('checkbox', { name: 'Supports' }).check();
    await confirmed(page);
    const before = await total(page);
    const upright = await dimensions(page);
    expect(upright).toBe('50.00 × 10.00 × 60.00 mm');

    const hint = page.getByTestId('hint-orientation');
    await expect.poll(() => hint.count(), { timeout: 30_000 }).toBe(1);
    expect(await hint.innerText()).toContain('Print it on its side: no supports needed');
    const promised = Number(await hint.getAttribute('data-total-pence'));
    expect(await hint.innerText()).toContain(gbp(promised));
    expect(gbp(promised)).not.toBe(before);
    await page.setViewportSize({ width: 1440, height: 900 });
    await hint.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(os.tmpdir(), 'orientation-hint-1440.png') });

    // Keyboard: focus the hint and press Enter.
    await hint.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => total(page), { timeout: 20_000 }).toBe(gbp(promised));
    await confirmed(page);
    expect(await total(page)).toBe(gbp(promised));
    // The dimensions follow the turned part (10 mm tall), and supports are off.
    await expect.poll(() => dimensions(page)).toMatch(/× 10\.00 mm$/);
    expect(await page.getByRole('checkbox', { name: 'Supports' }).isChecked()).toBe(false);
    const reset = page.getByRole('button', { name: /Reset orientation/ });
    expect(await reset.isVisible()).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('model-view').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(os.tmpdir(), 'orientation-applied-375.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('model-view').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(os.tmpdir(), 'orientation-applied-1440.png') });

    // Saved, the quote keeps the promised figure.
    const summary = page.getByRole('region', { name: 'Quote Summary' });
    await summary.getByRole('button', { name: 'Save Quote' }).click();
    await expect.poll(() => page.getByText(/Q-\d{4}-\d{6}/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const saved = await page.evaluate(async () => (await (await fetch('/api/quotes')).json()).quotes[0]);
    expect(saved.total_pence).toBe(promised);
    expect(saved.orientation).not.toBeNull();

    // Reset orientation: upright again (supports stay as they are now: off).
    await reset.click();
    await expect.poll(() => dimensions(page)).toBe(upright);
    await confirmed(page);
    expect(await page.getByRole('button', { name: /Reset orientation/ }).count()).toBe(0);
    expect(await total(page)).not.toBe(gbp(promised));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
