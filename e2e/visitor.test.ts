/**
 * The calculator as a new customer meets it: a price without an account, the total always in view, and
 * Save or Order carrying the model and settings through sign-up; a live order waits for a confirmed email.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUp, newestEmail, verificationLink } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
const modelsDir = path.resolve('fixtures/models');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ webgl: true });
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string, fullPage = false) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

const total = (page: Page) => page.getByTestId('total-quote').innerText();
const source = (page: Page) => page.getByTestId('quote-source').innerText();

/** Where an element is, against the viewport: fully inside it or not. */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return (
      r.height > 0 &&
      r.top >= 0 &&
      r.bottom <= window.innerHeight &&
      r.left >= 0 &&
      r.right <= window.innerWidth
    );
  });
}

/** A visitor drops the cube: priced in the browser, nothing sent to the server. */
async function priceAsVisitor(page: Page, uploads: string[]) {
  page.on('request', (r) => {
    if (r.url().includes('/api/jobs') || r.url().includes('/api/quotes')) uploads.push(r.url());
  });
  await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });
  await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, 'cube_20mm.stl'));
  await expect
    .poll(() => source(page), { timeout: 30_000 })
    .toBe('Instant estimate calculated in your browser.');
  await expect.poll(() => total(page)).toMatch(/^£\d+\.\d\d$/);
}

describe('a visitor without an account', () => {
  it('gets the full quote, clicks Save, signs up and lands back with the file, the settings and the quote saved', async () => {
    const { page, problems } = await watchedPage(browser);
    const uploads: string[] = [];
    await priceAsVisitor(page, uploads);
    expect(await page.getByTestId('analysis-source').innerText()).toBe('Figures measured in your browser');
    // The 3D view says what it shows.
    expect(await page.getByTestId('model-view').getAttribute('aria-label')).toBe(
      '3D view of cube_20mm.stl, 20.00 × 20.00 × 20.00 mm (width × depth × height).',
    );

    await page.getByLabel('Filament type').selectOption('PETG');
    await page.getByLabel('Infill').fill('35');
    await page.getByLabel('Quantity').fill('3');
    await expect
      .poll(() => page.getByTestId('quote-source').innerText())
      .toBe('Instant estimate calculated in your browser.');
    const instant = await total(page);
    // Screen readers hear the settled total.
    await expect
      .poll(() => page.getByTestId('price-announcer').innerText(), { timeout: 5_000 })
      .toBe(`Total ${instant}, instant estimate, for 3 parts.`);

    // At 1440 × 900 the summary stays in view while the page scrolls.
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => inViewport(page, 'total-quote')).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Quote' }).isVisible()).toBe(true);
    await shot(page, 'visitor-calculator-1440-scrolled');
    expect(uploads).toEqual([]);
    expect(await page.getByTestId('visitor-note').innerText()).toMatch(/sign up or sign in/);

    // Save asks for an account; the sign-up page says the model is kept.
    await page.getByRole('button', { name: 'Save Quote' }).click();
    await page.waitForURL(/\/signup\?next=/);
    await expect.poll(() => page.getByText('Your model and settings are kept').count()).toBe(1);
    const email = `visitor.${Date.now()}@example.com`;
    await fillSignUp(page, baseURL, email, 'print-it-5', '/calculator?resume=1');

    // Straight back, signed in, the same file and settings, and the quote saved by the server.
    await page.waitForURL(`${baseURL}/calculator`);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Quote saved' }).count(), { timeout: 40_000 })
      .toBeGreaterThan(0);
    expect(await page.getByLabel('Filament type').inputValue()).toBe('PETG');
    expect(await page.getByLabel('Infill').inputValue()).toBe('35');
    expect(await page.getByLabel('Quantity').inputValue()).toBe('3');
    expect(await page.getByRole('region', { name: 'File summary' }).innerText()).toContain('cube_20mm.stl');
    expect(await source(page)).toMatch(/^Confirmed quote/);
    // The server's own price of the same inputs: the browser's figure within a few per cent.
    const pence = (s: string) => Math.round(Number(s.replace(/[£,]/g, '')) * 100);
    const confirmedTotal = await total(page);
    expect(Math.abs(pence(confirmedTotal) - pence(instant)) / pence(instant)).toBeLessThan(0.05);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByText(email).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: /^Open quote for cube_20mm\.stl/ }).count())
      .toBe(1);
    // A reload does not save it twice.
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('button', { name: /^Open quote for cube_20mm\.stl/ }).count())
      .toBe(1);
    // The account got its verification email.
    expect(await newestEmail(outbox, email, /Confirm your PrintLoop email/)).toContain(
      '/api/auth/verify-email?',
    );
    await shot(page, 'visitor-saved-1440', true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('keeps the total, Save and Order in view at 375 px', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 375, height: 800 } });
    await priceAsVisitor(page, []);
    const bar = page.getByTestId('sticky-total');
    await expect.poll(() => bar.innerText()).toBe(await total(page));
    for (const y of [600, 1400, 2200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => inViewport(page, 'sticky-total-bar')).toBe(true);
    }
    const barRegion = page.getByRole('region', { name: 'Quote total' });
    expect(await barRegion.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
    expect(await barRegion.getByRole('button', { name: 'Order' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await shot(page, 'visitor-calculator-375-scrolled');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('orders: signs up from Order, lands at the checkout, is refused until the email is confirmed, then orders', async () => {
    const { page, problems } = await watchedPage(browser);
    await priceAsVisitor(page, []);
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.waitForURL(/\/signup\?next=/);
    const email = `buyer.${Date.now()}@example.com`;
    await fillSignUp(page, baseURL, email, 'print-it-6', '/calculator?resume=1');
    // The quote is saved and the checkout opens on it.
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const checkout = page.url();
    const notice = page.getByTestId('verify-email-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toContain(email);

    await page.getByLabel('Full name').fill('Robin Vale');
    await page.getByLabel('Street address').fill('4 Canal Street');
    await page.getByLabel('Town or city').fill('Manchester');
    await page.getByLabel('Postcode').fill('M1 3HE');
    const standard = page.getByRole('radio', { name: /^Royal Mail Standard/ });
    await expect.poll(() => standard.count(), { timeout: 20_000 }).toBe(1);
    await standard.check();
    await page.getByRole('button', { name: 'Place order' }).click();
    // Refused, with the reason and what to do.
    await expect
      .poll(() => page.getByText(/Please confirm your email address before placing a live order/).count())
      .toBeGreaterThan(0);
    expect(page.url()).toBe(checkout);
    await shot(page, 'checkout-unverified-1440', true);

    // Resend, then open the newest link: it brings the user back to this checkout, confirmed.
    const before = await verificationLink(outbox, email);
    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    await expect.poll(() => notice.getByRole('status').innerText()).toContain('Sent');
    let link = before;
    await expect
      .poll(async () => {
        link = await verificationLink(outbox, email);
        return link !== before;
      })
      .toBe(true);
    expect(new URL(link).searchParams.get('callbackURL')).toBe(new URL(checkout).pathname);
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.waitForURL(checkout);
    await expect.poll(() => page.getByTestId('verify-email-notice').count()).toBe(0);
    await page.getByLabel('Full name').fill('Robin Vale');
    await page.getByLabel('Street address').fill('4 Canal Street');
    await page.getByLabel('Town or city').fill('Manchester');
    await page.getByLabel('Postcode').fill('M1 3HE');
    await expect.poll(() => standard.count(), { timeout: 20_000 }).toBe(1);
    await standard.check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord_[A-Za-z0-9]+$/, { timeout: 20_000 });
    // The refusal was the only failed request.
    expect(problems.filter((p) => !/HTTP 403: .*\/api\/orders$|status of 403/.test(p))).toEqual([]);
    await page.context().close();
  }, 180_000);
});

describe('small things', () => {
  it('serves canonical and og:url on PUBLIC_URL, a favicon, and the configured company link', async () => {
    const res = await fetch(`${baseURL}/pricing`);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/pricing"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/pricing"/>`);
    expect(html).toContain('rel="icon" href="/favicon.svg"');
    expect(html).toContain('href="/favicon.ico"');
    expect(html).toMatch(/data-company-link="website" href="https:\/\/www\.printloop\.test\/"/);
    for (const icon of ['/favicon.svg', '/favicon.ico', '/favicon-32.png', '/apple-touch-icon.png']) {
      expect((await fetch(`${baseURL}${icon}`)).status, icon).toBe(200);
    }
  });
});
