/** What the calculator's end-to-end tests share: a signed-in page on /calculator and the figures they read. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A new account, signed in through the auth API (not the sign-up page), then the calculator opened. */
export async function signedInAtCalculator(page: Page, baseURL: string, email: string) {
  await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
  const status = await page.evaluate(async (email) => {
    const body = (o: object) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(o),
    });
    const password = 'print-it-3-calc';
    await fetch('/api/auth/sign-up/email', body({ email, password, name: 'Calculator' }));
    const r = await fetch('/api/auth/sign-in/email', body({ email, password }));
    return r.status;
  }, email);
  expect(status).toBe(200);
  await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });
}

/** The Quote Summary's total as shown, e.g. '£6.08'. */
export const total = (page: Page) => page.getByTestId('total-quote').innerText();

/** Waits for the server's confirmed price. */
export const confirmed = (page: Page) =>
  expect
    .poll(() => page.getByTestId('quote-source').innerText(), { timeout: 20_000 })
    .toMatch(/^Confirmed quote/);

/** Pence as the calculator shows them. */
export const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
