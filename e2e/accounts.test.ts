import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in at once, and back where the user came from (the home page here).
  await page.waitForURL(`${baseURL}/`);
}

async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function newestEmailTo(address: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const text = await readFile(path.join(outbox, f), 'utf8');
      if (text.includes(`To: ${address}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${address} in ${outbox}`);
}

describe('accounts', () => {
  it('signs up, refuses a duplicate, signs in, shows the email in the navbar and signs out', async () => {
    const { page, problems } = await watchedPage(browser);
    const email = `maya.${Date.now()}@example.com`;
    await signUp(page, email, 'print-it-1');

    // Signing up again with the same address gives a clear message.
    await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('print-it-1');
    await page.getByLabel('Confirm password').fill('print-it-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toMatch(/already exists/i);

    await signIn(page, email, 'print-it-1');
    await page.waitForURL(`${baseURL}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByText(email).first().isVisible()).toBe(true);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.expires).toBe(-1); // no Remember me: ends with the browser
    await nav.getByRole('button', { name: /^Account menu of / }).click();
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => nav.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    // The 400/401s of the duplicate sign-up are expected; nothing else may fail.
    expect(problems.filter((p) => !/HTTP 422: .*sign-up|status of 422/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('keeps the session for 30 days with Remember me, and shows login errors', async () => {
    const { page } = await watchedPage(browser);
    const email = `leo.${Date.now()}@example.com`;
    await signUp(page, email, 'print-it-2');
    // Signed in already; the sign-in form still works (for another account, or Remember me).
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toBe('Please enter both email and password');
    await signIn(page, email, 'wrong-password');
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toMatch(/invalid email or password/i);
    await signIn(page, email, 'print-it-2', true);
    await page.waitForURL(`${baseURL}/`);
    const session = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'))!;
    const days = (session.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);
    await page.context().close();
  });

  it('validates the sign-up form in the browser', async () => {
    const { page } = await watchedPage(browser);
    await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toBe('Please enter both email and password');
    await page.getByLabel('Email').fill('x@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toBe('Passwords do not match');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toBe('Password must be at least 6 characters');
    await page.context().close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const { page, problems } = await watchedPage(browser);
    const email = `ravi.${Date.now()}@example.com`;
    await signUp(page, email, 'old-password-1');
    await page.goto(`${baseURL}/forgot-password`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByText('Password reset link has been sent to your email address').isVisible())
      .toBe(true);
    const mail = await newestEmailTo(email);
    const link = mail.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)![0];
    expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByLabel('New password').fill('new-password-1');
    await page.getByLabel('Confirm password').fill('new-password-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /sign in|log in|back to login/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await signIn(page, email, 'new-password-1');
    await page.waitForURL(`${baseURL}/`);
    // The link works once.
    await page.goto(link, { waitUntil: 'networkidle' });
    await page.getByLabel('New password').fill('third-password-1');
    await page.getByLabel('Confirm password').fill('third-password-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toMatch(/invalid|expired/i);
    expect(problems.filter((p) => !/HTTP 400: .*reset-password|status of 400/.test(p))).toEqual([]);
    await page.context().close();
  });
});
