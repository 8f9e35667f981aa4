/**
 * Benchmark: from dropping a 50 MB binary STL (1,000,000 triangles) on /calculator to the first price
 * on screen, in Debian's Chromium against the built product on this machine. Also reports when the
 * server-confirmed price arrives. Prints figures; asserts nothing.
 *
 *   npm run bench:calculator            (builds first)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../e2e/browser.ts';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';

const runs = Number(process.env.RUNS ?? 3);
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-calc-'));
const file = path.join(dir, 'torus-1m.stl');

// A closed torus of 1,000,000 triangles: 1000 × 500 quads, 120 mm across.
const mesh = torus(45, 15, 1000, 500);
await writeFile(file, toBinaryStl(mesh));
const size = (await stat(file)).size;

const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await launchBrowser({ webgl: true });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const email = `bench.${Date.now()}@example.com`;
await page.goto(`${base}/signup`, { waitUntil: 'networkidle' });
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('bench-pass-1');
await page.getByLabel('Confirm password').fill('bench-pass-1');
await page.getByRole('button', { name: 'Create account' }).click();
await page.waitForURL(`${base}/login**`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('bench-pass-1');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(`${base}/`);

const results = [];
for (let r = 0; r < runs; r++) {
  await page.goto(`${base}/calculator`, { waitUntil: 'networkidle' });
  // Stamp the moment the file is handed to the page, and the moment a total first shows.
  await page.evaluate(() => {
    const w = window;
    w.__firstPrice = 0;
    w.__confirmed = 0;
    const obs = new MutationObserver(() => {
      const t = document.querySelector('[data-testid="total-quote"]');
      if (!w.__firstPrice && t && /£\d/.test(t.textContent ?? '')) w.__firstPrice = performance.now();
      const s = document.querySelector('[data-testid="quote-source"]');
      if (!w.__confirmed && s && /^Confirmed quote/.test(s.textContent ?? ''))
        w.__confirmed = performance.now();
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
    document.querySelector('input[type=file]').addEventListener(
      'change',
      () => {
        w.__dropped = performance.now();
      },
      { capture: true },
    );
  });
  await page.getByLabel('Choose a model file').setInputFiles(file);
  await page.waitForFunction(() => window.__firstPrice > 0, null, { timeout: 60_000 });
  const firstPrice = await page.evaluate(() => window.__firstPrice - window.__dropped);
  await page.waitForFunction(() => window.__confirmed > 0, null, { timeout: 120_000 });
  const confirmed = await page.evaluate(() => window.__confirmed - window.__dropped);
  results.push({ firstPrice, confirmed });
  console.log(
    `run ${r + 1}: first price ${firstPrice.toFixed(0)} ms, server-confirmed ${confirmed.toFixed(0)} ms`,
  );
}
const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    file_mb: +(size / 1e6).toFixed(1),
    triangles: mesh.triangleCount,
    first_price_ms_median: Math.round(med(results.map((r) => r.firstPrice))),
    confirmed_ms_median: Math.round(med(results.map((r) => r.confirmed))),
    runs,
    load_average: os.loadavg().map((x) => +x.toFixed(2)),
  }),
);
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await rm(dir, { recursive: true, force: true });
