/**
 * Fault script (prints figures; asserts the goals and exits 1 when one is missed):
 *  1. PostgreSQL restarts while the server takes writes: requests failed, how long 503s lasted, how
 *     long the server took to serve again after the database was back, and acknowledged writes lost.
 *  2. The server is SIGKILLed mid-upload and mid-analysis: what was left on disk, and what the sweeper
 *     removed when it started again; acknowledged uploads lost.
 *
 *   npm run fault         (builds first; needs the local PostgreSQL and permission to restart it)
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { toBinaryStl, torus } from '../packages/estimate/dist/index.js';
import { signIn, startServer } from './lib/server.ts';

const adminUrl = process.env.FAULT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cluster = execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
let failedGoals = 0;
function goal(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${what}`);
  if (!ok) failedGoals++;
}

async function multipartBody(fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return form;
}

// ---------------------------------------------------------------------------------------------
async function postgresOutage(kind: 'restart' | 'stopped') {
  console.log(
    kind === 'restart'
      ? '\n== PostgreSQL restarts under load (pg_ctlcluster restart) =='
      : '\n== PostgreSQL stopped for 3 s under load, then started ==',
  );
  const dbName = `printloop_fault_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-fault-'));
  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir });
  try {
    const cookie = await signIn(server.base, 'fault@example.com');
    const headers = { cookie, origin: server.base };
    const up = await fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers,
      body: await multipartBody('cube.stl', toBinaryStl(torus(20, 6, 64, 32))),
    });
    const jobId = ((await up.json()) as { job: { id: string } }).job.id;
    const parameters = {
      layerHeight: 0.2,
      filamentType: 'PLA',
      printSpeed: 60,
      infillPercentage: 20,
      supportRequired: false,
      postProcessing: [],
      color: 'black',
    };

    const t0 = now();
    const events: { t: number; status: number; ms: number; id?: string }[] = [];
    const health: { t: number; db: string }[] = [];
    let running = true;
    const writer = async () => {
      while (running) {
        const t = now() - t0;
        try {
          const res = await fetch(`${server.base}/api/quotes`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ jobId, parameters, quantity: 1 }),
          });
          const body = (await res.json()) as { id?: string };
          const ms = now() - t0 - t;
          events.push({
            t,
            status: res.status,
            ms,
            ...(res.status === 201 && body.id ? { id: body.id } : {}),
          });
        } catch {
          events.push({ t, status: 0, ms: now() - t0 - t });
          await sleep(50);
        }
      }
    };
    const prober = async () => {
      while (running) {
        const t = now() - t0;
        try {
          const r = await fetch(`${server.base}/api/health`);
          const b = (await r.json()) as { checks: { database: { status: string } } };
          health.push({ t, db: b.checks.database.status });
        } catch {
          health.push({ t, db: 'unreachable' });
        }
        await sleep(250);
      }
    };
    const workers = [...Array.from({ length: 16 }, writer), prober()];
    await sleep(3000);
    const restartAt = now() - t0;
    // Asynchronously: the load must keep running while PostgreSQL restarts.
    const ctl = (action: string) =>
      promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', action]);
    if (kind === 'restart') await ctl('restart');
    else {
      await ctl('stop');
      await sleep(3000);
      await ctl('start');
    }
    const backAt = now() - t0;
    await sleep(6000);
    running = false;
    await Promise.all(workers);

    const failed = events.filter((e) => e.status !== 201);
    const byStatus: Record<string, number> = {};
    for (const e of failed) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
    const firstFail = failed[0]?.t ?? restartAt;
    const lastFail = failed.at(-1)?.t ?? restartAt;
    const firstOkAfter = events.find((e) => e.t >= backAt && e.status === 201)?.t ?? Number.NaN;
    const ids = events.flatMap((e) => (e.id ? [e.id] : []));
    const check = new pg.Client({ connectionString: dbUrl.toString() });
    await check.connect();
    const found = (
      await check.query('SELECT count(*)::int AS n FROM quotes WHERE id = ANY($1::uuid[])', [ids])
    ).rows[0].n as number;
    await check.end();
    const downSeen = health.find((h) => h.t >= restartAt && h.db !== 'ok');
    const upAgain = downSeen ? health.find((h) => h.t > downSeen.t && h.db === 'ok') : undefined;
    const alive = server.child.exitCode === null;

    const figures = {
      requests: events.length,
      acknowledged_writes: ids.length,
      failed: failed.length,
      failed_by_status: byStatus,
      restart_command_ms: Math.round(backAt - restartAt),
      failures_window_ms: failed.length ? Math.round(lastFail - firstFail) : 0,
      recovery_after_database_back_ms: Math.round(firstOkAfter - backAt),
      health_down_seen: downSeen ? Math.round(downSeen.t - restartAt) : null,
      health_up_again_after_back_ms: upAgain ? Math.round(upAgain.t - backAt) : null,
      writes_lost: ids.length - found,
      requests_during_restart: events.filter((e) => e.t >= restartAt && e.t <= backAt).length,
      slowest_request_ms: Math.round(Math.max(...events.map((e) => e.ms))),
      server_alive: alive,
    };
    console.log(JSON.stringify(figures, null, 2));
    goal(alive, 'the server is still running');
    goal(figures.writes_lost === 0, 'no acknowledged write lost');
    goal(
      failed.every((e) => e.status === 503),
      'every failed request was a 503 (never a 500 or a dropped connection)',
    );
    if (kind === 'restart') goal(figures.failures_window_ms <= 1000, '503s for at most a second');
    else
      goal(
        figures.health_down_seen !== null && figures.health_up_again_after_back_ms !== null,
        '/api/health showed the database down, then up',
      );
    goal(
      figures.recovery_after_database_back_ms <= 5000,
      'serving again within 5 s of the database being back',
    );
  } finally {
    await server.stop();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect().catch(() => {});
    await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await a.end().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  }
  return out;
}

async function killMidUpload() {
  console.log('\n== SIGKILL mid-upload and mid-analysis ==');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'printloop-fault-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', ORPHAN_MIN_AGE_MIN: '0' };
  const files = path.join(dataDir, 'files');
  let server = await startServer(env);
  try {
    const cookie = await signIn(server.base, 'kill@example.com');
    const headers = { cookie, origin: server.base };
    // One acknowledged upload that must survive everything below.
    const kept = await fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers,
      body: await multipartBody('kept.stl', toBinaryStl(torus(20, 6, 64, 32))),
    });
    const keptJob = ((await kept.json()) as { job: { id: string } }).job.id;
    await sleep(500); // its mesh is written just after the answer

    // (a) Killed mid-stream: a slow body, SIGKILL after ~20 MB.
    const big = toBinaryStl(torus(45, 15, 1000, 500)); // 50 MB
    const boundary = `----fault${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.stl"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    let sent = 0;
    const slow = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        if (sent === 0) ctrl.enqueue(head);
        const chunk = big.subarray(sent, sent + 1024 * 1024);
        sent += chunk.length;
        ctrl.enqueue(chunk);
        await sleep(20);
      },
    });
    const pending = fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: slow,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    while (sent < 20 * 1024 * 1024) await sleep(20);
    await server.stop('SIGKILL');
    await pending;
    const afterStreamKill = (await listFiles(files)).filter((f) => f.endsWith('.part'));

    // (b) Killed mid-analysis: the whole file sent, then SIGKILL while the worker analyses it.
    server = await startServer(env, server.port);
    const analysing = fetch(`${server.base}/api/jobs`, {
      method: 'POST',
      headers,
      body: await multipartBody('big.stl', big),
    }).catch(() => null);
    // Wait until the upload is stored (its file appears complete), then kill before the answer.
    let stored: string | undefined;
    for (let i = 0; i < 400 && !stored; i++) {
      await sleep(10);
      stored = (await listFiles(files)).find((f) => f.endsWith('big.stl'));
    }
    await server.stop('SIGKILL');
    const killedDuringAnalysis = Boolean(stored) && (await analysing) === null;

    const before = await listFiles(files);
    // Restart: the sweeper runs at start (ORPHAN_MIN_AGE_MIN=0 here; an hour by default).
    server = await startServer(env, server.port);
    await sleep(1500);
    const after = await listFiles(files);
    const keptStill = await fetch(`${server.base}/api/jobs/${keptJob}/file`, { headers: { cookie } });
    const jobs = (await (
      await fetch(`${server.base}/api/quotes`, { headers: { cookie } })
    ).json()) as unknown;
    void jobs;
    const figures = {
      part_files_after_stream_kill: afterStreamKill.length,
      killed_during_analysis: killedDuringAnalysis,
      files_before_restart: before.length,
      files_after_restart: after.length,
      orphans_removed: before.length - after.length,
      acknowledged_upload_kept: keptStill.status === 200,
    };
    console.log(JSON.stringify(figures, null, 2));
    goal(afterStreamKill.length > 0, 'a SIGKILL mid-stream leaves a .part file (the fault happened)');
    goal(!after.some((f) => f.endsWith('.part')), 'the sweeper removed the .part file');
    goal(
      !after.some((f) => f.endsWith('big.stl')),
      'the sweeper removed the upload whose analysis was killed',
    );
    goal(keptStill.status === 200, 'the acknowledged upload and its file are still there (0 writes lost)');
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await postgresOutage('restart');
await postgresOutage('stopped');
await killMidUpload();
console.log(failedGoals === 0 ? '\nall fault goals met' : `\n${failedGoals} fault goal(s) missed`);
process.exit(failedGoals === 0 ? 0 : 1);
