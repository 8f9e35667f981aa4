import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeStore } from '../apps/server/src/integrations/store-testing';
import { signUpAndIn as signUpAndInWithHelper } from './auth-helpers';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
const modelsDir = path.resolve('fixtures/models');
/** GUIDE_SCREENSHOTS=1 writes the guides' screenshots to apps/web/public/guides (committed). */
const guidesDir = process.env.GUIDE_SCREENSHOTS ? path.resolve('apps/web/public/guides') : null;

const TOKEN = 'shpat_e2e_0123456789abcdef';
const SECRET = 'e2e-shopify-client-secret';

let browser: Browser;
let store: Awaited<ReturnType<typeof startFakeStore>>;
beforeAll(async () => {
  browser = await launchBrowser();
  store = await startFakeStore({
    shopify: {
      accessToken: TOKEN,
      shopName: 'Lovelace Prints',
      skus: [
        { sku: 'E2E-CUBE', title: 'Desk cube — black' },
        { sku: 'E2E-VASE', title: 'Spiral vase' },
      ],
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function guideShot(page: Page, name: string, clip?: { selector: string }) {
  if (!guidesDir) return;
  await mkdir(guidesDir, { recursive: true });
  const file = path.join(guidesDir, `${name}.png`);
  // The sticky navigation bar would cover the top of an element scrolled into view.
  await page.addStyleTag({ content: 'header { position: static !important; }' });
  if (clip) await page.locator(clip.selector).first().screenshot({ path: file });
  else await page.screenshot({ path: file });
}

async function signUpAndIn(page: Page, email: string, password: string) {
  // The new account is signed in at once; store orders are live, so the address is confirmed too.
  await signUpAndInWithHelper(page, { baseURL, outbox, email, password });
}

/** The operator may exist already (other e2e files sign it up): sign up, or sign in when taken. */
async function signUpOrInOperator(page: Page, email: string, password: string) {
  const up = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: baseURL },
    data: { email, password, name: 'ops' },
  });
  expect([200, 422]).toContain(up.status());
  await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseURL}/`);
}

/** A live product with a SKU, made through the public API with a live key the seller creates. */
async function productWithSku(page: Page, sku: string) {
  const keyRes = await page.request.post(`${baseURL}/api/api-keys`, {
    headers: { origin: baseURL },
    data: { name: 'Store products', mode: 'live' },
  });
  expect(keyRes.status()).toBe(201);
  const key = (await keyRes.json()).key as string;
  const form = new FormData();
  form.append('file', new Blob([await readFile(path.join(modelsDir, 'cube_20mm.stl'))]), 'cube_20mm.stl');
  const file = await fetch(`${baseURL}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(file.status).toBe(201);
  const product = await fetch(`${baseURL}/v1/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Desk cube',
      file_id: (await file.json()).id,
      sku,
      defaults: { material: 'PLA', color: 'black' },
    }),
  });
  expect(product.status).toBe(201);
}

/** Shopify's delivery of a webhook: the raw body signed with the app's secret (base64 HMAC-SHA256). */
function deliver(url: string, topic: string, body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-api-version': '2025-10',
    },
    body: raw,
  });
}

describe('store connectors', () => {
  it('connects a Shopify store; a signed orders/create becomes one order; the operator ships it; Shopify gets the fulfilment with the tracking', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
    const seller = `shop.${Date.now()}@example.com`;
    await signUpAndIn(page, seller, 'sell-it-1');
    await productWithSku(page, 'E2E-CUBE');

    // Connect, from the account menu's page.
    await page.goto(`${baseURL}/dashboard/integrations`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Store connections', level: 1 }).count())
      .toBe(1);
    await expect.poll(() => page.getByText('No store is connected yet.').count()).toBe(1);
    const connect = page.getByRole('form', { name: 'Connect a store' });
    await connect.getByLabel('Shop domain').fill('lovelace-prints.myshopify.com');
    await connect.getByLabel('Admin API access token').fill(TOKEN);
    await connect.getByLabel('Webhook signing secret').fill(SECRET);
    await guideShot(page, 'connect-shopify', { selector: 'section[aria-labelledby="connect-heading"]' });
    if (guidesDir) {
      // The WooCommerce form, for its guide; then back to Shopify.
      await connect.getByRole('radio', { name: 'WooCommerce' }).check();
      await connect.getByLabel('Site URL').fill('https://shop.example.com');
      await connect.getByLabel('Consumer key').fill('ck_0123456789abcdef0123456789abcdef01234567');
      await connect.getByLabel('Consumer secret').fill('cs_0123456789abcdef0123456789abcdef01234567');
      await guideShot(page, 'connect-woocommerce', {
        selector: 'section[aria-labelledby="connect-heading"]',
      });
      await connect.getByRole('radio', { name: 'Shopify' }).check();
      await connect.getByLabel('Admin API access token').fill(TOKEN);
      await connect.getByLabel('Webhook signing secret').fill(SECRET);
    }
    // The recording store stands in for the shop.
    await connect.getByLabel('Shop domain').fill(store.url);
    await connect.getByRole('button', { name: 'Connect Shopify' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Lovelace Prints is connected' }).count())
      .toBe(1);
    // The secrets are gone from the form and never come back.
    expect(await connect.getByLabel('Admin API access token').inputValue()).toBe('');
    expect(await page.content()).not.toContain(TOKEN);

    // The store was asked to send orders/create and orders/cancelled to this server.
    const subs = store.of('webhookSubscriptionCreate');
    expect(subs.map((s) => (s.json!.variables as { topic: string }).topic)).toEqual([
      'ORDERS_CREATE',
      'ORDERS_CANCELLED',
    ]);
    const hookUrl = (subs[0]!.json!.variables as { webhookSubscription: { uri: string } }).webhookSubscription
      .uri;
    expect(hookUrl).toMatch(new RegExp(`^${baseURL}/integrations/shopify/sc_\\w+/webhooks$`));

    // The mapping table: E2E-CUBE maps by SKU, E2E-VASE to nothing.
    const panel = page.getByRole('region', { name: 'Lovelace Prints' });
    await expect.poll(() => panel.getByLabel('Product for E2E-CUBE').count()).toBe(1);
    expect(await panel.locator('tr[data-sku="E2E-CUBE"]').innerText()).toContain('Same SKU: Desk cube');
    expect(await panel.locator('tr[data-sku="E2E-VASE"]').innerText()).toContain('Not mapped');
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => panel.getByRole('status').filter({ hasText: 'Connected to Lovelace Prints' }).count())
      .toBe(1);

    // Shopify delivers the order, twice, and once with a wrong signature.
    const order = {
      id: 820982911946154500,
      name: '#1001',
      order_number: 1001,
      email: 'buyer@example.com',
      line_items: [
        { id: 1, sku: 'E2E-CUBE', quantity: 2, title: 'Desk cube' },
        { id: 2, sku: 'E2E-VASE', quantity: 1, title: 'Spiral vase' },
      ],
      shipping_address: {
        name: 'Ada Lovelace',
        address1: '12 St James’s Square',
        city: 'London',
        zip: 'SW1Y 4JH',
        country_code: 'GB',
      },
      shipping_lines: [{ title: 'Standard' }],
    };
    expect((await deliver(hookUrl, 'orders/create', order, 'wrong-secret')).status).toBe(401);
    const first = await deliver(hookUrl, 'orders/create', order);
    expect(first.status).toBe(200);
    const placed = (await first.json()) as { outcome: string; orderId: string };
    expect(placed.outcome).toBe('placed');
    expect((await (await deliver(hookUrl, 'orders/create', order)).json()).outcome).toBe('duplicate');
    const orderId = placed.orderId;

    // The seller sees it, the skipped line and the alert.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => panel.getByRole('link', { name: orderId }).count()).toBe(1);
    expect(await panel.getByRole('table', { name: 'Orders from Lovelace Prints' }).innerText()).toMatch(
      /#1001\s+Placed \(1 line skipped\)/,
    );
    expect(await page.getByRole('list', { name: 'Alerts' }).innerText()).toContain(
      '1 × Spiral vase (SKU E2E-VASE)',
    );
    await page.goto(`${baseURL}/orders/${orderId}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByText('Ada Lovelace').count()).toBeGreaterThan(0);

    // The operator records the payment, prints, packs and ships it.
    const ops = await watchedPage(browser);
    const op = ops.page;
    await signUpOrInOperator(op, 'ops@printloop.test', 'run-the-farm-1');
    await op.goto(`${baseURL}/dashboard/orders/${orderId}`, { waitUntil: 'networkidle' });
    const statusOf = () => op.getByTestId('order-status').innerText();
    await expect.poll(statusOf).toBe('Awaiting payment');
    await op.getByLabel('Payment reference').fill('BACS 1001');
    await op.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(statusOf).toBe('Queued');
    await op.getByRole('button', { name: 'Start printing' }).click();
    await expect.poll(statusOf).toBe('Printing');
    await op.getByRole('button', { name: 'Packed' }).click();
    await expect.poll(statusOf).toBe('Packaging');
    await op.getByLabel('Carrier').selectOption({ label: 'Royal Mail' });
    await op.getByLabel('Tracking number').fill('RM998877665GB');
    await op.getByRole('button', { name: 'Shipped' }).click();
    await expect.poll(statusOf).toBe('Shipped');

    // The store receives the fulfilment with the tracking number.
    await store.waitFor(() => store.of('fulfillmentCreate').length > 0, 20_000);
    const f = (store.of('fulfillmentCreate')[0]!.json!.variables as { fulfillment: Record<string, unknown> })
      .fulfillment;
    expect(f).toMatchObject({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${order.id}0` }],
      trackingInfo: { company: 'Royal Mail', number: 'RM998877665GB' },
      notifyCustomer: true,
    });
    expect(store.of('fulfillmentCreate')[0]!.headers['x-shopify-access-token']).toBe(TOKEN);

    // And the seller sees it delivered.
    await page.goto(`${baseURL}/dashboard/integrations`, { waitUntil: 'networkidle' });
    await expect
      .poll(
        async () =>
          (
            await panel
              .getByTestId('tracking-push')
              .first()
              .innerText()
              .catch(() => '')
          ).includes('Delivered'),
        { timeout: 20_000 },
      )
      .toBe(true);
    await guideShot(page, 'shopify-connection', { selector: 'section[aria-labelledby^="conn-"]' });
    expect(problems.filter((p) => !/HTTP 40[14]/.test(p))).toEqual([]);
    await ops.page.context().close();
  });

  it('imports an order CSV: every row checked and shown, valid ones placed in one click, nothing twice', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await signUpAndIn(page, `csv.${Date.now()}@example.com`, 'sell-it-2');
    await productWithSku(page, 'E2E-CUBE');
    const csv =
      '\uFEFFSale Date,Item Name,Quantity,Order ID,Ship Name,Ship Address1,Ship Address2,Ship City,Ship State,Ship Zipcode,Ship Country,SKU\r\n' +
      '01/11/26,Desk cube,1,3301,Ada Lovelace,"12 St James\'s Square, Flat 2",,London,,SW1Y 4JH,United Kingdom,E2E-CUBE\r\n' +
      '01/11/26,Desk cube,2,3302,"Grace ""Amazing"" Hopper",1 Broad Street,,Oxford,,OX1 3AZ,United Kingdom,E2E-CUBE\r\n' +
      '01/11/26,Vase,1,3303,Alan Turing,1 Main Street,,Wilmslow,,SK9 1AA,United Kingdom,E2E-VASE\r\n' +
      '01/11/26,Desk cube,1,3304,Mary Somerville,1 Main Street,,Jedburgh,,NOT-A-CODE,United Kingdom,E2E-CUBE\r\n';
    await page.goto(`${baseURL}/dashboard/integrations/import`, { waitUntil: 'networkidle' });
    await page.getByLabel('Where the file comes from').selectOption('etsy');
    await page.getByLabel('Order CSV').setInputFiles({
      name: 'EtsySoldOrderItems2026-11.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect.poll(() => page.getByTestId('csv-counts').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('csv-counts').innerText()).toContain(
      '4 rows · 2 ready (2 orders) · 2 with errors',
    );
    const rows = page.getByRole('table', { name: 'Rows of the file' });
    expect(await rows.locator('tr[data-status="error"]').first().innerText()).toContain(
      'No live product has the SKU “E2E-VASE”',
    );
    await guideShot(page, 'csv-import-preview', { selector: 'section[aria-labelledby="csv-rows-heading"]' });
    await page.getByRole('button', { name: 'Place 2 orders' }).click();
    await expect
      .poll(() => page.getByTestId('csv-counts').innerText(), { timeout: 30_000 })
      .toContain('2 placed now');
    // The same file again: nothing placed twice.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByLabel('Where the file comes from').selectOption('etsy');
    await page
      .getByLabel('Order CSV')
      .setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByTestId('csv-counts').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('csv-counts').innerText()).toContain(
      '0 ready (0 orders) · 2 with errors · 2 already imported',
    );
    expect(await page.getByRole('button', { name: 'Place 0 orders' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });
});
