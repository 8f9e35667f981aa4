import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUp } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const modelsDir = path.resolve('fixtures/models');
interface ManifestEntry {
  file: string;
  volume_mm3: number;
  bbox_mm: { x: number; y: number; z: number };
  triangles: number;
}
const manifest: ManifestEntry[] = JSON.parse(await readFile(path.join(modelsDir, 'manifest.json'), 'utf8'));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ webgl: true });
});
afterAll(() => browser?.close());

/** Sign-up signs the new account in at once and comes back to the home page. */
async function signUpAndIn(page: Page, email: string, password: string) {
  await fillSignUp(page, baseURL, email, password);
  await page.waitForURL(`${baseURL}/`);
}

const fmt2 = (n: number) => n.toFixed(2);
const total = (page: Page) => page.getByTestId('total-quote').innerText();
const confirmed = (page: Page) =>
  expect
    .poll(() => page.getByTestId('quote-source').innerText(), { timeout: 20_000 })
    .toMatch(/^Confirmed quote/);

async function upload(page: Page, file: string) {
  await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, file));
  await expect
    .poll(() => page.getByTestId('analysis-source').innerText(), { timeout: 30_000 })
    .toBe("Figures from the server's analysis");
}

async function expectFiguresOf(page: Page, file: string) {
  const ref = manifest.find((m) => m.file === file)!;
  const summary = page.getByRole('region', { name: 'File summary' });
  await expect.poll(() => summary.innerText()).toContain(file);
  const text = await summary.innerText();
  expect(text).toContain(`${fmt2(ref.volume_mm3 / 1000)} cm³`);
  expect(text).toContain(`${fmt2(ref.bbox_mm.x)} × ${fmt2(ref.bbox_mm.y)} × ${fmt2(ref.bbox_mm.z)} mm`);
  expect(text.replace(/,/g, '')).toContain(String(ref.triangles));
}

describe('the instant-quote calculator', () => {
  it('signs up, uploads, prices, saves, finds the quote after a reload, re-prices it and signs out', async () => {
    const { page, problems } = await watchedPage(browser);
    await signUpAndIn(page, `quote.${Date.now()}@example.com`, 'print-it-3');
    await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });

    // An invalid file is refused before upload.
    const bad = path.join(os.tmpdir(), `notes-${Date.now()}.gcode`);
    await writeFile(bad, 'G28\n');
    await page.getByLabel('Choose a model file').setInputFiles(bad);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid file format' }).first().innerText())
      .toBe('Invalid file format. Please upload STL, OBJ, 3MF or STEP files.');

    await upload(page, 'knob_quads.obj');
    await expectFiguresOf(page, 'knob_quads.obj');
    await upload(page, 'cube_20mm.stl');
    await expectFiguresOf(page, 'cube_20mm.stl');
    await confirmed(page);
    const first = await total(page);
    expect(first).toMatch(/^£\d+\.\d\d$/);

    // Changing parameters re-prices on the server.
    await page.getByLabel('Filament type').selectOption('PETG');
    await page.getByLabel('Infill').fill('60');
    await expect.poll(() => total(page), { timeout: 20_000 }).not.toBe(first);
    await confirmed(page);
    const repriced = await total(page);

    const save = page.getByRole('button', { name: 'Save Quote' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Quote saved' }).count())
      .toBeGreaterThan(0);

    // After a reload the quote is listed, from the server.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Saved Quotes' }).count()).toBe(1);
    const open = page.getByRole('button', { name: /^Open quote for cube_20mm\.stl/ });
    await expect.poll(() => open.count()).toBe(1);
    expect(await page.getByText(repriced).first().isVisible()).toBe(true);

    // Open it: the parameters come back and the job is re-priced without a new upload.
    await open.click();
    await expect.poll(() => page.getByLabel('Filament type').inputValue()).toBe('PETG');
    await confirmed(page);
    expect(await total(page)).toBe(repriced);
    await page.getByLabel('Filament type').selectOption('PLA');
    await expect.poll(() => total(page), { timeout: 20_000 }).not.toBe(repriced);
    await confirmed(page);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: /^Account menu of / }).click();
    await nav.getByRole('button', { name: 'Sign out' }).first().click();
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Sign in' })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
