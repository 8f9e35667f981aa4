import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the contact form', () => {
  it('shows an error for an invalid email and sends nothing', async () => {
    const { page, problems } = await watchedPage(browser);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(`${baseURL}/contact`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your name', { exact: true }).fill('Sam Carter');
    await page.getByLabel('Email address', { exact: true }).fill('sam-at-example');
    await page.getByLabel('Subject', { exact: true }).fill('Order question');
    await page.getByLabel('Message', { exact: true }).fill('Where is my order?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const email = page.getByLabel('Email address', { exact: true });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.getByText('Please enter a valid email address').first().isVisible())
      .toBe(true);
    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a valid message and confirms it', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/contact`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your name', { exact: true }).fill('Sam Carter');
    await page.getByLabel('Email address', { exact: true }).fill('sam@example.co.uk');
    await page.getByLabel('Subject', { exact: true }).fill('Bulk order');
    await page
      .getByLabel('Message', { exact: true })
      .fill('We would like 300 PETG phone stands every month.');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await response).status()).toBe(201);
    await expect.poll(() => page.getByRole('status').innerText()).toContain('your message has been sent');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
