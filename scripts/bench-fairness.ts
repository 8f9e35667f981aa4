/**
 * Fairness benchmark (prints figures; marks the goal): how much one user's flood of uploads slows another
 * user's prices. User B's figures are taken twice, alone and while user A keeps uploading 50 MB,
 * 1,000,000-triangle models as fast as the server lets it (A retries after each 429's Retry-After):
 *  - a quote preview with parameters not priced before (the pricing thread computes it);
 *  - an upload of a small part with its price (the analysis lane).
 * Goal: with the flood, B's median is at most 2× its median alone.
 *
 *   npm run bench:fairness          (builds first)   ROUNDS=15
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { signIn, startServer } from './lib/server.ts';

const rounds = Number(process.env.ROUNDS ?? 15);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-fair-'));
const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_QUOTA_MB: '100000' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const [a, b] = await Promise.all([
    signIn(server.base, 'flood@example.com'),
    signIn(server.base, 'calm@example.com'),
  ]);
  const big = toBinaryStl(torus(45, 15, 1000, 500)); // 50 MB
  const small = toBinaryStl(torus(20, 6, 96, 48)); // 9,216 triangles
  const form = (bytes: Uint8Array, name: string, parameters?: object) => {
    const f = new FormData();
    if (parameters) f.append('parameters', JSON.stringify(parameters));
    f.append('file', new Blob([new Uint8Array(bytes)]), name);
    return f;
  };
  const base = {
    layerHeight: 0.2,
    infillPercentage: 20,
    printSpeed: 60,
    filamentType: 'PLA',
    supportRequired: false,
    postProcessing: [],
  };
  const up = await fetch(`${server.base}/api/jobs`, {
    method: 'POST',
    headers: { cookie: b, origin: server.base },
    body: form(small, 'part.stl'),
  });
  const jobId = ((await up.json()) as { job: { id: string } }).job.id;
  let variant = 0;
  /** One preview with parameters never priced before, and one small upload with its price. */
  const measureB = async () => {
    variant++;
    const parameters = { ...base, infillPercentage: 10 + (variant % 90), printSpeed: 30 + (variant % 100) };
    let t = performance.now();
    const p = await fetch(`${server.base}/api/quotes/preview`, {
      method: 'POST',
      headers: { cookie: b, origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ jobId, parameters, quantity: 1 }),
    });
    const preview = performance.now() - t;
    if (p.status !== 200) throw new Error(`preview ${p.status}: ${await p.text()}`);
    t = performance.now();
    const u = await fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers: { cookie: b, origin: server.base },
      body: form(small, 'part.stl', parameters),
    });
    const upload = performance.now() - t;
    if (u.status !== 201) throw new Error(`upload ${u.status}: ${await u.text()}`);
    if (process.env.VERBOSE) console.log(Math.round(upload), u.headers.get('server-timing'));
    return { preview, upload };
  };
  const series = async () => {
    const out = { preview: [] as number[], upload: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      const r = await measureB();
      out.preview.push(r.preview);
      out.upload.push(r.upload);
      await sleep(50);
    }
    return out;
  };

  await measureB(); // warm-up
  const alone = await series();

  let flooding = true;
  let floodUploads = 0;
  let refused = 0;
  const flooder = async () => {
    while (flooding) {
      const r = await fetch(`${server.base}/api/jobs`, {
        method: 'POST',
        headers: { cookie: a, origin: server.base },
        body: form(big, 'big.stl', base),
      }).catch(() => null);
      if (!r) continue;
      await r.arrayBuffer();
      if (r.status === 201) floodUploads++;
      else if (r.status === 429 || r.status === 503) {
        refused++;
        await sleep(1000 * Number(r.headers.get('retry-after') ?? 1));
      }
    }
  };
  const flood = [flooder(), flooder(), flooder(), flooder()];
  await sleep(1500);
  const withFlood = await series();
  flooding = false;
  await Promise.all(flood);

  const rows = [
    {
      what: 'preview (new parameters)',
      alone_ms: median(alone.preview),
      with_flood_ms: median(withFlood.preview),
    },
    {
      what: 'small upload with its price',
      alone_ms: median(alone.upload),
      with_flood_ms: median(withFlood.upload),
    },
  ].map((r) => ({
    ...r,
    alone_ms: Math.round(r.alone_ms),
    with_flood_ms: Math.round(r.with_flood_ms),
    slowdown: +(r.with_flood_ms / r.alone_ms).toFixed(2),
  }));
  console.table(rows);
  console.log(
    JSON.stringify({
      rounds,
      flood_uploads_done: floodUploads,
      flood_uploads_refused_429_503: refused,
      goal_preview_at_most_2x: rows[0]!.slowdown <= 2 ? 'met' : 'missed',
      goal_upload_at_most_2x: rows[1]!.slowdown <= 2 ? 'met' : 'missed',
      load_average: os.loadavg().map((x) => +x.toFixed(2)),
    }),
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
