import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fillSignUp, newestEmail } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
/** The operator of the e2e server (OPERATOR_EMAILS in global-setup.ts), shared with the orders tests. */
const OPERATOR = { email: 'ops@printloop.test', password: 'run-the-farm-1' };

/** The operator's account may exist already (other files sign it up): sign in, else sign up. */
async function signInOperator(page: Page) {
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const home = await page.waitForURL(`${baseURL}/`, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (home) return;
  await fillSignUp(page, baseURL, OPERATOR.email, OPERATOR.password);
  await page.waitForURL(`${baseURL}/`);
}
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

  it("reaches someone: an email to CONTACT_EMAIL and the operators' inbox", async () => {
    const { page, problems } = await watchedPage(browser);
    const subject = `Brackets in bulk ${Date.now()}`;
    await page.goto(`${baseURL}/contact`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your name', { exact: true }).fill('Ines Ward');
    await page.getByLabel('Email address', { exact: true }).fill('ines@example.co.uk');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Can you print 500 PETG brackets a month?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('your message has been sent');
    const mail = await newestEmail(outbox, 'hello@printloop.test', new RegExp(subject));
    expect(mail).toContain('Reply-To: ines@example.co.uk');
    expect(mail).toContain('Can you print 500 PETG brackets a month?');
    expect(problems).toEqual([]);
    await page.context().close();

    const ops = await watchedPage(browser);
    const op = ops.page;
    await signInOperator(op);
    await op.goto(`${baseURL}/dashboard/messages`, { waitUntil: 'networkidle' });
    const inbox = op.getByRole('list', { name: 'Contact messages' });
    const item = inbox.getByRole('article', { name: subject });
    await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(1);
    expect(await item.innerText()).toContain('Ines Ward · ines@example.co.uk');
    expect(await item.getByRole('link', { name: 'Reply to Ines Ward' }).getAttribute('href')).toBe(
      `mailto:ines@example.co.uk?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    // A first sign-in of the operator is refused when the account does not exist yet.
    expect(ops.problems.filter((p) => !/HTTP 401: .*sign-in|status of 401/.test(p))).toEqual([]);
    await op.context().close();
  }, 90_000);
});
