/**
 * Load benchmark (prints figures; asserts nothing but marks the goal): autocannon with 100 connections
 * for 20 s each on `/`, `/api/health` and a quote preview of a stored model, one after the other
 * against the same built server (PGlite, as `npm start` runs it). Previews rotate through 8 parameter
 * sets, so the pricing worker is used, not only the remembered estimates.
 *
 *   npm run bench:load            (builds first)   DURATION=20 CONNECTIONS=100
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { signIn, startServer } from './lib/server.ts';

const duration = Number(process.env.DURATION ?? 20);
const connections = Number(process.env.CONNECTIONS ?? 100);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-load-'));
// Health checks from one address at full speed would meet their per-IP limit: lift it for the run.
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', HEALTH_RATE_LIMIT: '10000000' });

try {
  const cookie = await signIn(server.base, 'load@example.com');
  // A stored model of 100,000 triangles (a torus 80 mm across).
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(toBinaryStl(torus(30, 10, 500, 100)))]), 'torus.stl');
  const up = await fetch(`${server.base}/api/jobs`, {
    method: 'POST',
    headers: { cookie, origin: server.base },
    body: form,
  });
  if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
  const jobId = ((await up.json()) as { job: { id: string } }).job.id;
  const variants = [
    [0.2, 20, 60, 'PLA'],
    [0.2, 40, 60, 'PETG'],
    [0.1, 20, 60, 'PLA'],
    [0.3, 15, 90, 'PLA'],
    [0.2, 20, 120, 'ABS'],
    [0.15, 30, 60, 'PLA'],
    [0.25, 10, 80, 'TPU'],
    [0.2, 100, 60, 'PLA'],
  ].map(([layerHeight, infillPercentage, printSpeed, filamentType]) =>
    JSON.stringify({
      jobId,
      parameters: {
        layerHeight,
        infillPercentage,
        printSpeed,
        filamentType,
        supportRequired: false,
        postProcessing: [],
      },
      quantity: 1,
    }),
  );

  const run = (title: string, opts: Partial<autocannon.Options>) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        { url: server.base, connections, duration, title, ...opts } as autocannon.Options,
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });

  const results = [
    await run('GET /', { url: `${server.base}/` }),
    await run('GET /api/health', { url: `${server.base}/api/health` }),
    await run('POST /api/quotes/preview', {
      url: `${server.base}/api/quotes/preview`,
      requests: variants.map((body) => ({
        method: 'POST',
        path: '/api/quotes/preview',
        headers: { cookie, origin: server.base, 'content-type': 'application/json' },
        body,
      })),
    }),
  ];
  const rows = results.map((r) => ({
    route: r.title,
    'req/s': Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non_2xx: r.non2xx,
    requests: r.requests.total,
  }));
  console.table(rows);
  const ratio = rows[2]!['req/s'] / rows[0]!['req/s'];
  console.log(
    JSON.stringify({
      connections,
      duration_s: duration,
      preview_vs_home: Number(ratio.toFixed(3)),
      goal: ratio >= 0.25 && rows[2]!.errors === 0 && rows[2]!.non_2xx === 0 ? 'met' : 'missed',
      load_average: os.loadavg().map((x) => +x.toFixed(2)),
    }),
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
