import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium with the flags this machine needs; `webgl` adds software WebGL for the 3D viewer. */
export function launchBrowser(opts: { webgl?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(opts.webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : []),
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and failed or 4xx/5xx requests seen so far (expected ones filtered by the caller). */
  problems: string[];
}

/** A new page that records every console error, uncaught exception and failed request. */
export async function watchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Navigations away abort in-flight requests; that is not a failure of the page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { page, problems };
}
