import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startReceiver } from '../apps/server/src/webhooks/receiver-testing';
import { launchBrowser, watchedPage } from './browser';

const baseURL = inject('baseURL');
/** Set E2E_SCREENSHOTS to a folder to keep screenshots of the webhooks section (for looking at them). */
const shotsDir = process.env.E2E_SCREENSHOTS;

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** What the receiver answers next; a test switches it to 500 to see a failing delivery. */
let answer = 200;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver(() => ({ status: answer }));
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The webhooks section alone, readable at full size. */
async function shotOf(section: Locator, name: string) {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  await section.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The cells of a deliveries row, by column. */
async function rowCells(row: Locator) {
  const [event, status, attempts, response, duration, time] = await row.locator('td').allInnerTexts();
  const eventId = await row.getByTestId('event-id').innerText();
  return { event, eventId, status, attempts, response, duration, time };
}

describe('developers: webhooks', () => {
  it('adds an endpoint, shows its secret once, sends a signed test event, redelivers it, shows a failing delivery and deletes it', async () => {
    const { page, problems } = await watchedPage(browser, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const email = `webhooks.${Date.now()}@example.com`;
    const password = 'print-it-4';
    await page.goto(`${baseURL}/signup`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The new account is signed in at once; a visitor (cookies cleared) is who comes next.
    await page.waitForURL(`${baseURL}/`);
    await page.context().clearCookies();
    await page.goto(`${baseURL}/dashboard/developers`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseURL}/dashboard/developers`);

    const section = page.getByRole('region', { name: 'Webhooks', exact: true });
    await expect.poll(() => section.getByText('You have no webhook endpoints yet.').count()).toBe(1);

    // A URL the server refuses: its message shows beside the field.
    const url = section.getByLabel('Endpoint URL');
    await url.fill('not a url');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => section.getByText('This is not a valid URL.').count()).toBe(1);
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    const described = (await url.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described.split(' ')[0]}"]`).innerText()).toBe(
      'This is not a valid URL.',
    );
    // No event chosen: refused before asking the server.
    await section.getByRole('checkbox', { name: /All events/ }).uncheck();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await section.getByText('Choose at least one event, or all events').count()).toBe(1);
    await section.getByRole('checkbox', { name: /All events/ }).check();

    // Add a test endpoint pointing at the local receiver: all events, a description.
    const hookUrl = receiver.url('/hook');
    await url.fill(hookUrl);
    expect(await section.getByRole('radio', { name: /Test endpoint/ }).isChecked()).toBe(true);
    await section.getByLabel('Description').fill('E2E receiver');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const reveal = page.getByTestId('new-webhook-secret');
    await expect.poll(() => reveal.count()).toBe(1);
    const revealText = await reveal.innerText();
    expect(revealText).toContain('Copy it now: it will not be shown again.');
    expect(revealText).toContain('You will not see it again.');
    const secret = (await page.getByTestId('new-webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'new-webhook-secret',
    );
    await reveal.getByRole('button', { name: 'Copy secret' }).click();
    await expect.poll(() => reveal.innerText()).toContain('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // The form is empty again.
    expect(await url.inputValue()).toBe('');

    // The list: URL, mode, state, events, created; no deliveries yet.
    const item = section.getByRole('list', { name: 'Your webhook endpoints' }).getByRole('listitem').first();
    const itemText = await item.innerText();
    for (const text of [hookUrl, 'Test', 'Enabled', 'E2E receiver', 'All events', 'Created'])
      expect(itemText).toContain(text);
    expect(itemText).not.toContain(secret);
    await expect.poll(() => item.getByText('No deliveries yet.').count()).toBe(1);
    await shot(page, 'webhooks-secret-1440');
    await shotOf(section, 'webhooks-secret-1440-section');

    // Once dismissed, the secret is nowhere on the page, even after a reload.
    await reveal.getByRole('button', { name: 'I have stored it safely' }).click();
    expect(await reveal.count()).toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => item.innerText()).toContain(hookUrl);
    expect(await page.content()).not.toContain(secret);

    // Send test event: queued, the receiver gets a ping signed with the secret.
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect
      .poll(() => item.getByTestId('endpoint-notice').innerText())
      .toMatch(/Test event evt_\w+ queued/);
    await receiver.waitFor(() => receiver.on('/hook').length >= 1);
    const first = receiver.on('/hook')[0]!;
    const wh = new Webhook(secret);
    const ping = wh.verify(first.body, first.headers as Record<string, string>) as {
      id: string;
      type: string;
      data: { object: { url: string } };
    };
    expect(ping.type).toBe('ping');
    expect(ping.data.object.url).toBe(hookUrl);
    expect(first.headers['webhook-id']).toBe(ping.id);
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret').toString('base64')}`).verify(
        first.body,
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    // The deliveries table shows it succeeded with 200 (the page polls after the action).
    const rows = item.getByTestId('deliveries').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await rowCells(rows.first())).status, { timeout: 15_000 })
      .toBe('Succeeded');
    const okRow = await rowCells(rows.first());
    expect(okRow).toMatchObject({
      event: `ping\n${ping.id}`,
      eventId: ping.id,
      attempts: '1',
      response: '200',
    });
    expect(okRow.duration).toMatch(/^\d[\d,]* ms$/);
    expect(okRow.time).toMatch(/^\d{1,2} \w{3} \d{4}\n\d{2}:\d{2}:\d{2}$/);

    // Redeliver: the receiver gets the same event again, and a second delivery row appears.
    await rows
      .first()
      .getByRole('button', { name: `Redeliver ping ${ping.id}` })
      .click();
    await expect.poll(() => item.getByTestId('endpoint-notice').innerText()).toContain('queued again');
    await receiver.waitFor(() => receiver.on('/hook').length >= 2);
    const again = receiver.on('/hook')[1]!;
    expect(again.headers['webhook-id']).toBe(ping.id);
    expect((wh.verify(again.body, again.headers as Record<string, string>) as { type: string }).type).toBe(
      'ping',
    );
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(async () => (await rowCells(rows.first())).status, { timeout: 15_000 })
      .toBe('Succeeded');

    // The receiver fails: the new delivery shows pending (to be retried) with the 500.
    answer = 500;
    await item.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(() => receiver.on('/hook').length >= 3);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(async () => (await rowCells(rows.first())).response, { timeout: 15_000 }).toBe('500');
    const failing = await rowCells(rows.first());
    expect(failing.status).toMatch(/^(Pending|Failed)/);
    expect(failing.status).toContain('Retry at');
    // The refresh button reads the log again.
    await item.getByRole('button', { name: `Refresh the deliveries to ${hookUrl}` }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await shot(page, 'webhooks-deliveries-1440');
    await shotOf(section, 'webhooks-deliveries-1440-section');

    // At 375 px the page does not scroll sideways: the table scrolls in its own box.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'webhooks-deliveries-375');
    await shotOf(section, 'webhooks-deliveries-375-section');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A live endpoint for two events, with the keyboard only.
    await url.focus();
    await page.keyboard.type('https://hooks.example.com/printloop');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    expect(await section.getByRole('radio', { name: /Live endpoint/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    // On past order.delivered and order.cancelled to the description, where Enter submits.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Shop');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('new-webhook-secret-value').count()).toBe(1);
    const live = section.getByRole('list', { name: 'Your webhook endpoints' }).getByRole('listitem').first();
    const liveText = await live.innerText();
    expect(liveText).toContain('https://hooks.example.com/printloop');
    expect(liveText).toContain('Live');
    expect(liveText).toContain('order.created, order.shipped');
    expect(liveText).toContain('Shop');
    await page.getByRole('button', { name: 'I have stored it safely' }).click();
    await shot(page, 'webhooks-list-1440');
    await shotOf(section, 'webhooks-list-1440-section');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'webhooks-list-375');
    await shotOf(section, 'webhooks-list-375-section');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Delete, with a confirm step that can be cancelled; focus goes to the safe choice.
    for (const target of ['https://hooks.example.com/printloop', hookUrl]) {
      const row = section
        .getByRole('list', { name: 'Your webhook endpoints' })
        .getByRole('listitem')
        .filter({ hasText: target });
      const label = `Delete endpoint ${target === hookUrl ? 'E2E receiver' : 'Shop'}`;
      await row.getByRole('button', { name: label }).click();
      expect(await row.innerText()).toContain('This cannot be undone.');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await row.getByRole('button', { name: 'Cancel' }).click();
      await row.getByRole('button', { name: label }).click();
      await row.getByRole('button', { name: 'Delete endpoint', exact: true }).click();
      await expect.poll(() => row.count()).toBe(0);
    }
    await expect.poll(() => section.getByText('You have no webhook endpoints yet.').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your endpoints');
    const listed = await fetch(`${baseURL}/api/webhook-endpoints`, {
      headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);

    // The only problems: the refused URL's 400 (and the browser's console line about it).
    expect(problems.filter((p) => !/400/.test(p))).toEqual([]);
    expect(problems.filter((p) => p.startsWith('HTTP 400'))).toEqual([
      `HTTP 400: ${baseURL}/api/webhook-endpoints`,
    ]);
    await page.context().close();
  });
});
