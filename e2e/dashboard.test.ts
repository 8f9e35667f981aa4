import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmEmail } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
const modelsDir = path.resolve('fixtures/models');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the dashboard (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;

/** The operator of the e2e server (OPERATOR_EMAILS in global-setup.ts), shared with e2e/orders.test.ts. */
const OPERATOR = { email: 'ops@printloop.test', password: 'run-the-farm-1' };

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

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signIn(page: Page, email: string, password: string): Promise<boolean> {
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Whichever comes first: home (signed in) or the form's error (refused).
  const home = page.waitForURL(`${baseURL}/`, { timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  const refused = page
    .getByRole('alert')
    .filter({ hasText: /\S/ })
    .first()
    .waitFor({ timeout: 15_000 })
    .then(
      () => false,
      () => false,
    );
  return Promise.race([home, refused]);
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in at once; the tests sign in again as they did.
  await page.waitForURL(`${baseURL}/`);
}

/** The operator's account may already exist (e2e/orders.test.ts signs it up too): sign in, else sign up. */
async function signInOperator(page: Page) {
  if (await signIn(page, OPERATOR.email, OPERATOR.password)) return;
  await signUp(page, OPERATOR.email, OPERATOR.password);
  expect(await signIn(page, OPERATOR.email, OPERATOR.password)).toBe(true);
}
/** A first sign-in of the operator is refused when the account does not exist yet. */
const expectedSignInRefusal = (p: string) =>
  /HTTP 401: .*\/api\/auth\/sign-in\/email|status of 401 \(Unauthorized\)/.test(p);
/** Adding a printer under a name already taken is refused (the test does it on purpose). */
const expectedNameTaken = (p: string) =>
  /HTTP 409: .*\/api\/ops\/printers$|status of 409 \(Conflict\)/.test(p);

/** A customer orders a 20 mm cube with standard shipping; answers the order's id. */
async function placeOrder(page: Page): Promise<string> {
  await page.goto(`${baseURL}/calculator`, { waitUntil: 'networkidle' });
  await page.getByLabel('Choose a model file').setInputFiles(path.join(modelsDir, 'cube_20mm.stl'));
  await expect
    .poll(() => page.getByTestId('quote-source').innerText(), { timeout: 30_000 })
    .toMatch(/^Confirmed quote/);
  const save = page.getByRole('button', { name: 'Save Quote' });
  await expect.poll(() => save.isEnabled()).toBe(true);
  await save.click();
  await expect.poll(() => page.getByRole('link', { name: 'Order cube_20mm.stl' }).count()).toBe(1);
  await page.getByRole('link', { name: 'Order', exact: true }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByRole('heading', { name: 'Place your order' }).count()).toBe(1);
  await page.getByLabel('Full name').fill('Dana Fields');
  await page.getByLabel('Street address').fill('2 Mill Lane');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  const standard = page.getByRole('radio', { name: /^Royal Mail Standard/ });
  await expect.poll(() => standard.count(), { timeout: 20_000 }).toBe(1);
  await standard.check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/orders\/ord_[A-Za-z0-9]+$/, { timeout: 20_000 });
  return page.url().split('/').pop()!;
}

const printers = (page: Page) => page.getByRole('region', { name: 'Printers' });
const printerCard = (page: Page, hasText: string) => printers(page).getByRole('article').filter({ hasText });
const printerNamed = (page: Page, name: string) => printers(page).getByRole('article', { name, exact: true });
const orderRow = (page: Page, orderId: string) =>
  page
    .getByRole('region', { name: /active orders table/i })
    .getByRole('row')
    .filter({ hasText: orderId });
const chipOf = (row: Locator) => row.getByTestId('order-row-status').innerText();

/** Everything that must not move between two loads with no change in between. */
async function figures(page: Page) {
  await expect.poll(() => page.getByTestId('card-orders-today').innerText()).not.toContain('No figures');
  const cards = await page.locator('[data-testid^="card-"]').allInnerTexts();
  const capacity = await page.getByTestId('capacity').innerText();
  const table = await page.getByRole('region', { name: /active orders table/i }).innerText();
  const stages = await page.locator('[data-testid^="stage-"]').allInnerTexts();
  return { cards, capacity, table, stages };
}

describe('the production dashboard', () => {
  it('an operator starts, fails, reprints and finishes a plate; the customer sees their order move; reloads agree', async () => {
    // A customer orders.
    const customer = await watchedPage(browser);
    const cp = customer.page;
    const email = `dash.${Date.now()}@example.com`;
    await signUp(cp, email, 'print-it-4');
    // A live order needs the address confirmed: the link from the outbox.
    await confirmEmail(cp, { baseURL, outbox, email });
    expect(await signIn(cp, email, 'print-it-4')).toBe(true);
    const orderId = await placeOrder(cp);

    // The operator records the payment: the order joins the farm's queue.
    const ops = await watchedPage(browser);
    const op = ops.page;
    await signInOperator(op);
    await op.goto(`${baseURL}/dashboard/orders/${orderId}`, { waitUntil: 'networkidle' });
    await op.getByLabel('Payment reference').fill('BACS 9912');
    await op.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => op.getByTestId('order-status').innerText()).toBe('Queued');

    // The dashboard plans the plate on a printer.
    await op.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
    const planned = printerCard(op, `Next: ${orderId}`);
    await expect.poll(() => planned.count(), { timeout: 20_000 }).toBe(1);
    const printerName = await planned.getByRole('heading').innerText();
    const card = printerNamed(op, printerName);
    await expect.poll(() => card.count()).toBe(1);
    const row = orderRow(op, orderId);
    await expect.poll(() => row.count()).toBe(1);
    expect(await chipOf(row)).toBe('Queued');
    expect(await row.innerText()).toContain(email);
    expect(await row.getByRole('link', { name: orderId }).getAttribute('href')).toBe(
      `/dashboard/orders/${orderId}`,
    );
    await shot(op, 'dashboard-operator-queued-1440');

    // Start: the printer prints the order, and the order is printing.
    await card.getByRole('button', { name: 'Start next' }).click();
    await expect.poll(() => card.innerText()).toContain('Printing');
    expect(await card.getByRole('link', { name: orderId }).count()).toBe(1);
    const bar = card.getByRole('progressbar', { name: `Print progress on ${printerName}` });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(await card.innerText()).toMatch(/left/);
    await expect.poll(() => chipOf(row)).toBe('Printing');
    expect(await row.getByRole('progressbar', { name: `Progress of ${orderId}` }).count()).toBe(1);
    await shot(op, 'dashboard-operator-printing-1440');

    // Fail it, with a reason: the printer is free and a reprint is planned.
    await card.getByRole('button', { name: 'Failed' }).click();
    const reason = card.getByLabel(`Why did the print on ${printerName} fail?`);
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await card.getByRole('button', { name: 'Record failure' }).click();
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('Warped first layer');
    await card.getByRole('button', { name: 'Record failure' }).click();
    await expect.poll(() => card.innerText()).toContain('Idle');
    const reprint = printerCard(op, `Next: ${orderId} (reprint)`);
    await expect.poll(() => reprint.count(), { timeout: 20_000 }).toBe(1);
    expect(await chipOf(row)).toBe('Printing');

    // The customer's dashboard: their order only, no printers, no customer column.
    await cp.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
    const mine = orderRow(cp, orderId);
    await expect.poll(() => mine.count()).toBe(1);
    expect(
      await cp
        .getByRole('region', { name: /active orders table/i })
        .getByRole('row')
        .count(),
    ).toBe(2);
    expect(await chipOf(mine)).toBe('Printing');
    expect(await mine.getByRole('link', { name: orderId }).getAttribute('href')).toBe(`/orders/${orderId}`);
    expect(await cp.getByRole('region', { name: 'Printers' }).count()).toBe(0);
    expect(await cp.getByRole('columnheader', { name: 'Customer' }).count()).toBe(0);
    expect(await cp.getByRole('region', { name: 'Current lead time' }).count()).toBe(1);
    expect(await cp.getByRole('region', { name: 'Production capacity' }).count()).toBe(0);
    await shot(cp, 'dashboard-customer-printing-1440');

    // The reprint starts and finishes: every plate is printed, so the order is packaging.
    const reprintName = await reprint.getByRole('heading').innerText();
    const reprintCard = printerNamed(op, reprintName);
    await reprintCard.getByRole('button', { name: 'Start next' }).click();
    await expect.poll(() => reprintCard.innerText()).toContain('Printing');
    await reprintCard.getByRole('button', { name: 'Finished' }).click();
    await expect.poll(() => reprintCard.innerText()).toContain('Idle');
    await expect.poll(() => chipOf(row)).toBe('Packaging');
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // The customer's page follows without a reload (it polls every 10 s).
    const scrolled = await cp.evaluate(() => {
      window.scrollTo(0, 300);
      return window.scrollY;
    });
    await expect.poll(() => chipOf(mine), { timeout: 20_000 }).toBe('Packaging');
    expect(await cp.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(
      await cp
        .locator('[aria-live="polite"]')
        .filter({ hasText: /updated at/ })
        .count(),
    ).toBe(1);

    // A printer goes into maintenance and comes back.
    const spare = printerCard(op, 'Nothing planned').first();
    const spareName = await spare.getByRole('heading').innerText();
    const spareCard = printerNamed(op, spareName);
    await spareCard.getByRole('button', { name: 'Maintenance' }).click();
    await expect.poll(() => spareCard.innerText()).toContain('Out of service');
    expect(await spareCard.getByRole('button', { name: 'Start next' }).count()).toBe(0);
    await spareCard.getByRole('button', { name: 'Back in service' }).click();
    await expect.poll(() => spareCard.getByRole('button', { name: 'Start next' }).count()).toBe(1);

    // It is loaded with another filament, and a printer joins the fleet, from the page.
    await spareCard.getByRole('button', { name: `Change the filament on ${spareName}` }).click();
    const filament = spareCard.getByRole('form', { name: `Filament on ${spareName}` });
    await filament.getByLabel('Material').selectOption('PETG');
    await filament.getByLabel('Colour').fill('orange');
    await filament.getByRole('button', { name: 'Save filament' }).click();
    await expect.poll(() => spareCard.innerText()).toContain('PETG · orange');
    const addForm = op.getByRole('form', { name: 'Add a printer' });
    const newName = `X${Date.now() % 100_000}`;
    await addForm.getByLabel('Name').fill(newName);
    await addForm.getByRole('button', { name: 'Add printer' }).click();
    await expect.poll(() => printerNamed(op, newName).count()).toBe(1);
    await addForm.getByLabel('Name').fill(newName);
    await addForm.getByRole('button', { name: 'Add printer' }).click();
    await expect.poll(() => addForm.getByRole('alert').innerText()).toContain('already called');

    // Two reloads with no change in between show the same figures.
    await op.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => orderRow(op, orderId).count()).toBe(1);
    const first = await figures(op);
    await op.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => orderRow(op, orderId).count()).toBe(1);
    expect(await figures(op)).toEqual(first);

    // Filter by status and search: the export link carries the same filter.
    await op.getByRole('button', { name: /^Filter/ }).click();
    const filter = op.getByRole('form', { name: 'Filter active orders' });
    await filter.getByLabel('Status').selectOption('packaging');
    await filter.getByLabel('Search').fill(orderId);
    await filter.getByRole('button', { name: 'Apply' }).click();
    await op.waitForURL(`${baseURL}/dashboard?status=packaging&q=${orderId}`);
    await expect.poll(() => orderRow(op, orderId).count()).toBe(1);
    const exportLink = op.getByRole('link', { name: 'Export Report' });
    const href = `/api/dashboard/orders.csv?status=packaging&q=${orderId}`;
    await expect.poll(() => exportLink.getAttribute('href')).toBe(href);
    expect(await exportLink.getAttribute('download')).toBe('');
    const csv = await op.request.get(`${baseURL}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(orderId);
    await filter.getByLabel('Status').selectOption('queued');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => op.getByText('No active orders match the filter.').count()).toBe(1);
    await filter.getByRole('button', { name: 'Clear' }).click();
    await op.waitForURL(`${baseURL}/dashboard`);
    await expect.poll(() => orderRow(op, orderId).count()).toBe(1);

    // The charts have table alternatives.
    const trend = op.getByRole('region', { name: '24h order trend' });
    await trend.getByText('Show the figures as a table').click();
    expect(await trend.getByRole('table').getByRole('row').count()).toBe(25);
    await shot(op, 'dashboard-operator-1440');

    // Readable at 375 px: the tables scroll in their own boxes, the page never sideways.
    await op.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(op)).toBeLessThanOrEqual(0);
    await shot(op, 'dashboard-operator-375');
    await cp.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(cp)).toBeLessThanOrEqual(0);
    await shot(cp, 'dashboard-customer-375');

    expect(ops.problems.filter((p) => !expectedSignInRefusal(p) && !expectedNameTaken(p))).toEqual([]);
    expect(customer.problems).toEqual([]);
    await op.context().close();
    await cp.context().close();
  }, 240_000);

  it('asks a visitor to sign in, on the prerendered layout', async () => {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
    const signIn = page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true });
    await expect.poll(() => signIn.count()).toBe(1);
    expect(await signIn.getAttribute('href')).toBe('/login?next=/dashboard');
    expect(await page.getByRole('button', { name: 'Export Report' }).isDisabled()).toBe(true);
    expect(await page.getByText('No active orders.', { exact: false }).count()).toBe(1);
    await shot(page, 'dashboard-visitor-1440');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
