import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndIn as signUpAndConfirm } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
const modelsDir = path.resolve('fixtures/models');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the order screens (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Signs up (signed in at once) and confirms the address through the emailed link: live orders need it. */
function signUpAndIn(page: Page, email: string, password: string) {
  return signUpAndConfirm(page, { baseURL, outbox, email, password });
}

async function emailTo(address: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 40; i++) {
    for (const f of (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const text = await readFile(path.join(outbox, f), 'utf8');
      if (text.includes(`To: ${address}`) && subject.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${address} matching ${subject} in ${outbox}`);
}

/**
 * The operator's account may already exist (e2e/dashboard.test.ts signs it up too): sign up, and when
 * the address is taken, sign in instead.
 */
async function signUpOrInOperator(page: Page, email: string, password: string) {
  await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const created = await Promise.race([
    page.waitForURL(`${baseURL}/`, { timeout: 15_000 }).then(
      () => true,
      () => false,
    ),
    page
      .getByRole('alert')
      .filter({ hasText: /\S/ })
      .first()
      .waitFor({ timeout: 15_000 })
      .then(
        () => false,
        () => false,
      ),
  ]);
  // A new account is signed in at once; an existing one signs in.
  if (created) return;
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseURL}/`);
}
/** Signing up an address that already has an account is refused (422). */
const expectedTaken = (p: string) =>
  /HTTP 422: .*\/api\/auth\/sign-up\/email|status of 422 \(Unprocessable (Entity|Content)\)/.test(p);

/** The console's 403 for a customer is expected (the response and the browser's console line). */
const expected403 = (p: string) => /HTTP 403: .*\/api\/ops\/orders|status of 403 \(Forbidden\)/.test(p);
const statusOf = (page: Page) => page.getByTestId('order-status').innerText();
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('orders', () => {
  it('orders a saved quote, is paid, printed and shipped in the console, and tracked by the customer', async () => {
    const { page, problems } = await watchedPage(browser);
    const customer = `orders.${Date.now()}@example.com`;
    await signUpAndIn(page, customer, 'print-it-4');

    // A saved quote gets an 'Order' button.
    await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });
    await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, 'cube_20mm.stl'));
    await expect
      .poll(() => page.getByTestId('quote-source').innerText(), { timeout: 30_000 })
      .toMatch(/^Confirmed quote/);
    const save = page.getByRole('button', { name: 'Save Quote' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Quote saved' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Order cube_20mm.stl' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Order', exact: true }).click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
    const checkoutUrl = page.url();

    // The address, with the shared validation: a wrong UK postcode is refused before anything is sent.
    await expect.poll(() => page.getByRole('heading', { name: 'Place your order' }).count()).toBe(1);
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    await page.getByLabel('Full name').fill('Priya Shah');
    await page.getByLabel('Street address').fill('1 High Street');
    await page.getByLabel('Town or city').fill('London');
    const postcode = page.getByLabel('Postcode');
    await postcode.fill('SW1A');
    await postcode.blur();
    await expect.poll(() => postcode.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await postcode.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
      'Please enter a valid UK postcode, e.g. SW1A 1AA',
    );
    await postcode.fill('SW1A 1AA');
    await expect.poll(() => postcode.getAttribute('aria-invalid')).toBe(null);

    // Shipping options priced by the server; standard shipping chosen.
    const standard = page.getByRole('radio', { name: /^Royal Mail Standard/ });
    await expect.poll(() => standard.count(), { timeout: 20_000 }).toBe(1);
    await standard.check();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect.poll(() => summary.innerText()).toMatch(/Total\s*£\d+\.\d\d/);
    const summaryText = await summary.innerText();
    for (const text of ['cube_20mm.stl', '20 × 20 × 20 mm', 'Items', 'Fulfilment', 'Shipping', 'VAT']) {
      expect(summaryText).toContain(text);
    }
    expect(summaryText).toMatch(/Delivered by \w+day \d{1,2} \w+/);
    expect(summaryText).toMatch(/Ready to ship in \d+ working days?/);
    expect(summaryText).toContain('Pay by bank transfer: your order is printed when your payment arrives.');
    const total = summaryText.match(/Total\s*(£[\d,]+\.\d\d)/)![1]!;
    await shot(page, 'checkout-1440');

    // Readable at 375 px: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'checkout-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord_[A-Za-z0-9]+$/, { timeout: 20_000 });
    const orderUrl = page.url();
    const orderId = orderUrl.split('/').pop()!;
    await expect.poll(() => statusOf(page)).toBe('Awaiting payment');
    expect(await page.getByRole('region', { name: 'Items' }).innerText()).toContain(total);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(1);
    await shot(page, 'order-awaiting-1440');

    // Listed in "My orders", reached from the user menu.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /^Account menu of / })
      .click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My orders' })
      .first()
      .click();
    await page.waitForURL(`${baseURL}/orders`);
    await expect.poll(() => page.getByRole('link', { name: orderId }).count()).toBe(1);
    expect(await page.getByText('Awaiting payment').count()).toBeGreaterThan(0);
    await shot(page, 'orders-1440');
    // The status filter is kept in the URL.
    await page.getByLabel('Status').selectOption('shipped');
    await page.waitForURL(`${baseURL}/orders?status=shipped`);
    await expect.poll(() => page.getByText('No orders are shipped.').count()).toBe(1);
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => page.getByRole('link', { name: orderId }).count()).toBe(1);

    // A customer opening the console is told it is for operators (the server answers 403).
    await page.goto(`${baseURL}/dashboard/orders`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByText("This page is for the farm's operators only.").count()).toBe(1);
    expect(problems.filter((p) => !expected403(p))).toEqual([]);

    // The operator records the payment, prints, packs and ships with Royal Mail and a tracking number.
    const ops = await watchedPage(browser);
    const op = ops.page;
    await signUpOrInOperator(op, 'ops@printloop.test', 'run-the-farm-1');
    await op
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /^Account menu of / })
      .click();
    await op
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders console' })
      .first()
      .click();
    await op.waitForURL(`${baseURL}/dashboard/orders`);
    const row = op.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(customer);
    await shot(op, 'console-orders-1440');
    await row.getByRole('link', { name: orderId }).click();
    await op.waitForURL(`${baseURL}/dashboard/orders/${orderId}`);
    await expect.poll(() => statusOf(op)).toBe('Awaiting payment');
    expect(await op.getByRole('region', { name: 'Customer' }).innerText()).toContain(customer);
    await op.getByLabel('Payment reference').fill('BACS 4471');
    await op.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => statusOf(op)).toBe('Queued');
    await op.getByRole('button', { name: 'Start printing' }).click();
    await expect.poll(() => statusOf(op)).toBe('Printing');
    await op.getByRole('button', { name: 'Packed' }).click();
    await expect.poll(() => statusOf(op)).toBe('Packaging');
    // Both the carrier and the tracking number are required.
    await op.getByRole('button', { name: 'Shipped' }).click();
    await expect.poll(() => op.getByLabel('Carrier').getAttribute('aria-invalid')).toBe('true');
    expect(await op.getByLabel('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(await statusOf(op)).toBe('Packaging');
    await op.getByLabel('Carrier').selectOption({ label: 'Royal Mail' });
    await op.getByLabel('Tracking number').fill('AB123456789GB');
    await shot(op, 'console-order-ship-1440');
    await op.getByRole('button', { name: 'Shipped' }).click();
    await expect.poll(() => statusOf(op)).toBe('Shipped');
    await shot(op, 'console-order-shipped-1440');

    // Accounts: the operator finds the customer and grants invoice terms.
    await op.getByRole('link', { name: 'All orders' }).click();
    await op.waitForURL(`${baseURL}/dashboard/orders`);
    await op
      .getByRole('navigation', { name: 'Orders console' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await op.waitForURL(`${baseURL}/dashboard/accounts`);
    await op.getByLabel('Email').fill(customer);
    await op.getByRole('button', { name: 'Search' }).click();
    const grant = op.getByRole('button', { name: `Grant invoice terms to ${customer}` });
    await expect.poll(() => grant.count()).toBe(1);
    await grant.click();
    await expect
      .poll(() => op.getByRole('button', { name: `Revoke invoice terms of ${customer}` }).count())
      .toBe(1);
    expect(await op.getByRole('listitem').filter({ hasText: customer }).innerText()).toContain(
      'Invoice terms (net 30)',
    );
    await shot(op, 'console-accounts-1440');
    expect(ops.problems.filter((p) => !expectedTaken(p))).toEqual([]);
    await op.context().close();

    // The customer sees the whole timeline and the tracking link.
    await page.goto(orderUrl, { waitUntil: 'networkidle' });
    await expect.poll(() => statusOf(page)).toBe('Shipped');
    const timeline = await page.getByRole('region', { name: 'Timeline' }).innerText();
    const steps = ['Order placed', 'Payment recorded', 'Printing started', 'Packed', 'Shipped'];
    const at = steps.map((s) => timeline.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(timeline).toContain('You');
    expect(timeline).toContain('PrintLoop');
    expect(timeline).toContain('Royal Mail, tracking number AB123456789GB');
    expect(timeline).not.toContain('ops@printloop.test');
    const tracking = page.getByRole('link', { name: /AB123456789GB/ });
    expect(await tracking.getAttribute('href')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await shot(page, 'order-shipped-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'order-shipped-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The shipped email is in the outbox.
    const mail = await emailTo(customer, new RegExp(`Order ${orderId} has shipped`));
    expect(mail).toContain('AB123456789GB');

    // The invoice downloads as a PDF.
    const invoice = page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ });
    const href = (await invoice.getAttribute('href'))!;
    expect(href).toBe(`/api/orders/${orderId}/documents/${href.split('/').pop()}`);
    const pdf = await page.request.get(`${baseURL}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // A visitor opening the order is sent to sign in, and comes back afterwards.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    await v.goto(`${baseURL}/checkout/${checkoutUrl.split('/').pop()}`, { waitUntil: 'networkidle' });
    await v.waitForURL(/\/login\?next=\/checkout\//);
    await visitor.close();

    expect(problems.filter((p) => !expected403(p))).toEqual([]);
    await page.context().close();
  }, 240_000);
});
