/** The worker-thread pool runs from the built package (dist), as the server will use it. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as NodeApi from './index.js';

const PKG = path.resolve(import.meta.dirname, '../..');
const ROOT = path.resolve(PKG, '../..');
const MODELS = path.resolve(ROOT, 'fixtures/models');

let api: typeof NodeApi;
let pool: NodeApi.GeometryPool;

beforeAll(async () => {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-b', PKG], { cwd: ROOT, stdio: 'pipe' });
  api = (await import(pathToFileURL(path.join(PKG, 'dist/node/index.js')).href)) as typeof NodeApi;
  pool = api.createGeometryPool({ maxThreads: 2 });
});

afterAll(async () => {
  await pool?.destroy();
  await api?.destroySharedPool();
});

describe('geometry worker pool (piscina)', () => {
  it('resolves its worker file next to the built module', () => {
    expect(api.workerUrl().href).toMatch(/\/dist\/node\/worker\.js$/);
  });

  it('analyses a file by path in a worker thread, with progress', async () => {
    const phases = new Set<string>();
    const r = await pool.analyzeFile(path.join(MODELS, 'two_shells.stl'), undefined, {
      onProgress: (phase) => phases.add(phase),
    });
    expect(r.analysis.file).toBe('two_shells.stl');
    expect(r.analysis.shells).toBe(2);
    expect(r.positions).toBeInstanceOf(Float32Array);
    expect(r.positions.length).toBe(264 * 9);
    expect(phases).toEqual(new Set(['parse', 'analyze']));
  });

  it('analyses a buffer, transferring it to the worker', async () => {
    const data = new Uint8Array(readFileSync(path.join(MODELS, 'phone_stand_cm.3mf')));
    const r = await pool.analyzeFile(data, 'phone_stand_cm.3mf', { units: 'mm' });
    expect(r.analysis.units).toBe('cm');
    expect(r.analysis.volume_mm3).toBeCloseTo(60360, 3);
    expect(data.byteLength).toBe(0); // detached: transferred, not copied
  });

  it('reads STEP in a worker (OpenCascade loaded there)', async () => {
    const r = await api.analyzeFile(path.join(MODELS, 'box_with_hole.step'));
    expect(r.analysis.format).toBe('step');
    expect(Math.abs(r.analysis.volume_mm3 - 16821.9028) / 16821.9028).toBeLessThan(0.005);
  });

  it('rethrows typed errors from the worker', async () => {
    await expect(pool.analyzeFile(new Uint8Array([0, 1, 2]), 'x.3mf')).rejects.toMatchObject({
      name: 'GeometryError',
      code: 'invalid_3mf',
    });
    await expect(pool.analyzeFile(path.join(MODELS, 'missing.stl'))).rejects.toMatchObject({
      code: 'unreadable',
    });
  });

  it('stops a task that runs over its time limit', async () => {
    const big = new Uint8Array(readFileSync(path.join(MODELS, 'cylinder_d30_h40.step')));
    await expect(pool.analyzeFile(big, 'c.step', { timeoutMs: 1 })).rejects.toMatchObject({
      code: 'timeout',
    });
  });
});
