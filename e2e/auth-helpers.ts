/**
 * Accounts in the end-to-end tests: sign up through the form (the new account is signed in at once) and
 * confirm the address by opening the link of the verification email in the server's outbox, as a user
 * would. Live orders need a confirmed address.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The newest email in `outbox` to `address` whose subject matches, waiting up to 10 s. */
export async function newestEmail(outbox: string, address: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    for (const f of files.sort().reverse()) {
      const text = await readFile(path.join(outbox, f), 'utf8');
      const subjectLine = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
      if (text.includes(`\r\nTo: ${address}\r\n`) && subject.test(subjectLine)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${address} matching ${subject} in ${outbox}`);
}

/** The verification link of the newest "Confirm your email" message to `address`. */
export async function verificationLink(outbox: string, address: string): Promise<string> {
  const text = await newestEmail(outbox, address, /Confirm your PrintLoop email/);
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`The verification email to ${address} has no link`);
  return link;
}

/** Fills and sends the sign-up form (the page lands wherever `next` says, '/' by default). */
export async function fillSignUp(
  page: Page,
  baseURL: string,
  email: string,
  password: string,
  next?: string,
) {
  await page.goto(`${baseURL}/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`, {
    waitUntil: 'networkidle',
  });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs up (and so in) and, unless `verify` is false, confirms the address through the emailed link. */
export async function signUpAndIn(
  page: Page,
  opts: { baseURL: string; outbox: string; email: string; password: string; verify?: boolean },
) {
  await fillSignUp(page, opts.baseURL, opts.email, opts.password);
  await page.waitForURL(`${opts.baseURL}/`);
  if (opts.verify !== false) await confirmEmail(page, opts);
}

/** Opens the verification link (as the user would from their inbox); it lands on the sign-in page's note. */
export async function confirmEmail(page: Page, opts: { baseURL: string; outbox: string; email: string }) {
  const link = await verificationLink(opts.outbox, opts.email);
  await page.goto(link, { waitUntil: 'networkidle' });
}
