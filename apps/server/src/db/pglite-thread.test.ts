import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from './client.js';
import { PgliteThread } from './pglite-thread.js';

const built = (name: string) => fileURLToPath(new URL(`../../dist/db/${name}`, import.meta.url));
const workerFile = built('pglite-worker.js');

/**
 * The embedded database in its own thread (the built worker, as the server runs it): statements and
 * transactions sent to it behave as PGlite's own, and what it acknowledged survives a crash.
 */
describe('the embedded database in its own thread', () => {
  let dir: string;
  let db: PgliteThread;

  beforeAll(async () => {
    expect(
      existsSync(workerFile),
      `${workerFile} is missing: run "npm run build" first (npm test does)`,
    ).toBe(true);
    dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-pglite-thread-'));
    db = await PgliteThread.start({ dataDir: path.join(dir, 'db'), workerFile });
    await db.exec('create table counters (id text primary key, n int not null)');
    await db.query('insert into counters values ($1, 0)', ['c']);
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const count = async (id = 'c') =>
    (await db.query<{ n: number }>('select n from counters where id = $1', [id])).rows[0]?.n;

  it('answers statements with PGlite types, and errors with their code and constraint', async () => {
    const r = await db.query<{ d: Date; j: unknown; b: boolean; t: string }>(
      "select '2026-01-02T03:04:05Z'::timestamptz as d, '{\"a\":[1]}'::jsonb as j, true as b, now()::text as t",
    );
    expect(r.rows[0]!.d).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(r.rows[0]!.j).toEqual({ a: [1] });
    expect(r.rows[0]!.b).toBe(true);
    // A query's own parsers (Drizzle's, for times) leave the value as the database's text.
    const raw = await db.query<{ d: string }>("select '2026-01-02T03:04:05Z'::timestamptz as d", [], {
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof raw.rows[0]!.d).toBe('string');
    const err = await db.query('insert into counters values ($1, 1)', ['c']).catch((e: unknown) => e);
    expect(uniqueViolation(err)).toBe('counters_pkey');
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it('rolls a transaction back on an error, a database error, or a rollback', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update counters set n = n + 10 where id = $1', ['c']);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update counters set n = n + 10 where id = $1', ['c']);
        await tx.query('insert into counters values ($1, 1)', ['c']);
      }),
    ).rejects.toThrow(/duplicate key/);
    await db.transaction(async (tx) => {
      await tx.query('update counters set n = n + 10 where id = $1', ['c']);
      await tx.rollback();
    });
    expect(await count()).toBe(0);
    await db.transaction(async (tx) => {
      await tx.query('update counters set n = n + 1 where id = $1', ['c']);
    });
    expect(await count()).toBe(1);
  });

  it('runs concurrent transactions one after another, never interleaved', async () => {
    await db.query('insert into counters values ($1, 0)', ['rmw']);
    const order: string[] = [];
    // Read, wait, write: interleaved, two of these would lose an increment.
    const bump = (name: string) =>
      db.transaction(async (tx) => {
        order.push(`${name} begins`);
        const { rows } = await tx.query<{ n: number }>('select n from counters where id = $1', ['rmw']);
        await new Promise((r) => setTimeout(r, 5));
        await tx.query('update counters set n = $2 where id = $1', ['rmw', rows[0]!.n + 1]);
        order.push(`${name} ends`);
      });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(bump));
    expect(await count('rmw')).toBe(5);
    for (let i = 0; i < order.length; i += 2) {
      expect(order[i]!.split(' ')[0]).toBe(order[i + 1]!.split(' ')[0]);
    }
  });

  it('makes a statement outside a transaction wait for the open transaction', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.query('update counters set n = 100 where id = $1', ['c']);
      seen.push('tx wrote');
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const read = count().then((n) => seen.push(`read ${n}`));
    await new Promise((r) => setTimeout(r, 20));
    seen.push('release');
    release();
    await Promise.all([tx, read]);
    expect(seen).toEqual(['tx wrote', 'release', 'read 100']);
  });

  /** The built worker, made to die (exit code 7) on one statement, as a crash in the WASM would. */
  const CRASH = 'select 0 -- crash the thread';
  const crashingWorker = async () => {
    const file = path.join(dir, 'crashing-worker.mjs');
    await writeFile(
      file,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => { if (m && m.sql === ${JSON.stringify(CRASH)}) process.exit(7); });
await import(${JSON.stringify(pathToFileURL(workerFile).href)});
`,
    );
    return file;
  };

  it('starts a new thread on the same data when its thread dies, at most three times a minute', async () => {
    const stops: boolean[] = [];
    const t = await PgliteThread.start({
      dataDir: path.join(dir, 'crash'),
      workerFile: await crashingWorker(),
      onStopped: (_, restarting) => stops.push(restarting),
    });
    await t.exec('create table kept (n int)');
    await t.query('insert into kept values (1)');
    await expect(t.query(CRASH)).rejects.toThrow(/embedded database/);
    // the next statement waits for the new thread, and finds what was committed
    expect((await t.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
    expect(stops).toEqual([true]);
    for (let k = 0; k < 2; k++) {
      await expect(t.query(CRASH)).rejects.toThrow(/embedded database/);
      await t.query('insert into kept values (2)');
    }
    expect(stops).toEqual([true, true, true]);
    // a fourth death within the minute: closed for good, every statement fails at once
    await expect(t.query(CRASH)).rejects.toThrow(/embedded database/);
    await expect(t.query('select 1')).rejects.toThrow(/embedded database/);
    expect(stops).toEqual([true, true, true, false]);
    await t.close();
    // what was committed is on disk for the next start
    const again = await PgliteThread.start({ dataDir: path.join(dir, 'crash'), workerFile });
    expect((await again.query<{ n: number }>('select count(*)::int as n from kept')).rows[0]?.n).toBe(3);
    await again.close();
  });

  it('does not start a new thread for a database in memory (its data died with it)', async () => {
    const stops: boolean[] = [];
    const t = await PgliteThread.start({
      dataDir: null,
      workerFile: await crashingWorker(),
      onStopped: (_, restarting) => stops.push(restarting),
    });
    await expect(t.query(CRASH)).rejects.toThrow(/embedded database/);
    await expect(t.query('select 1')).rejects.toThrow(/embedded database/);
    expect(stops).toEqual([false]);
    await t.close();
  });

  it('keeps its data across a restart, and closes after what was already sent', async () => {
    const other = await PgliteThread.start({ dataDir: path.join(dir, 'restart'), workerFile });
    await other.exec('create table notes (id int primary key, body text)');
    await other.query('insert into notes values (1, $1)', ['kept']);
    // Sent just before closing: it still runs, and the close waits for it.
    const late = other.query('insert into notes values (2, $1)', ['sent before close']);
    await other.close();
    await expect(late).resolves.toMatchObject({ affectedRows: 1 });
    await expect(other.query('select 1')).rejects.toThrow(/closed/);

    const again = await PgliteThread.start({ dataDir: path.join(dir, 'restart'), workerFile });
    const rows = (await again.query<{ body: string }>('select body from notes order by id')).rows;
    expect(rows.map((r) => r.body)).toEqual(['kept', 'sent before close']);
    await again.close();
  });

  it('loses no acknowledged write when the process is killed', async () => {
    const dataDir = path.join(dir, 'crash');
    const script = `
      import { PgliteThread } from ${JSON.stringify(built('pglite-thread.js'))};
      const db = await PgliteThread.start({ dataDir: ${JSON.stringify(dataDir)} });
      await db.exec('create table if not exists acks (id int primary key)');
      for (let i = 0; ; i++) {
        await db.transaction(async (tx) => { await tx.query('insert into acks values ($1)', [i]); });
        process.stdout.write(i + '\\n');
      }`;
    const file = path.join(dir, 'crash.mjs');
    await writeFile(file, script);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: number[] = [];
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the writer exited by itself (${code})`)));
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const l of lines) acknowledged.push(Number(l));
        if (acknowledged.length >= 200 && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((r) => child.once('exit', r));
    const again = await PgliteThread.start({ dataDir, workerFile });
    const ids = new Set((await again.query<{ id: number }>('select id from acks')).rows.map((r) => r.id));
    await again.close();
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });
});
